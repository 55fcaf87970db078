/**
 * Builds the Fastify app: the API under /api (call names matched case-insensitively, as the
 * original API did), OpenAPI at /api/docs, /version.json, and the built web app with an
 * index.html fallback for client routes. Used by main.ts and by every test.
 */
import fs from 'node:fs';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { attachmentRoutes } from './modules/attachments/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { balanceRoutes } from './modules/balance/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { companyRoutes } from './modules/company/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { orderImportRoutes } from './modules/order-import/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { scheduledRoutes } from './modules/scheduled/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { waybillRoutes } from './modules/waybill/routes.js';
import { authPlugin } from './plugins/auth.js';
import { clientErrorHandler, errorEnvelope, frameworkErrors } from './plugins/error-envelope.js';
import { gdprGate } from './plugins/gdpr-gate.js';
import { openapi } from './plugins/openapi.js';
import { type LogStream, loggerOptions } from './plugins/request-log.js';
import { securityHeaders } from './plugins/security-headers.js';

/**
 * The app on a database. `logger`: the request log on stdout (main.ts, LOG); `logStream`: the
 * request log into that stream instead (tests read it).
 */
export async function buildApp(options: { db: Db; config: Config; logger?: boolean; logStream?: LogStream }): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    logger: loggerOptions(options.logger ?? false, options.logStream),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Off unless TRUST_PROXY names the proxies: else any client picks its address (config.ts).
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
    // Errors Fastify and Node raise before a route runs, in the portal's envelope (docs/domain.md, "Input").
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorEnvelope);
  await app.register(rateLimit, { global: false });
  await app.register(securityHeaders);
  await app.register(openapi, { version: config.version });
  await app.register(authPlugin);
  await app.register(gdprGate);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { config });
      await api.register(sessionRoutes, { config });
      await api.register(lookupRoutes);
      await api.register(alertRoutes);
      await api.register(orderRoutes);
      await api.register(orderImportRoutes);
      await api.register(balanceRoutes);
      await api.register(homeRoutes);
      await api.register(scheduledRoutes);
      await api.register(commentRoutes);
      await api.register(attachmentRoutes);
      await api.register(mailRoutes);
      await api.register(companyRoutes);
      await api.register(waybillRoutes);
    },
    { prefix: '/api' },
  );

  app.get('/version.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { version: config.version, build: config.build, timestamp: Date.now() };
  });

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/')) return reply.callNotFound();
      const file = path.join(config.webDist, url);
      if (url !== '/' && file.startsWith(config.webDist) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        if (url.startsWith('/assets/')) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        return reply.sendFile(url.slice(1));
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }
  return app;
}
