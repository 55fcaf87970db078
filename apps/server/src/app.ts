/**
 * Builds the Fastify app: the API under /api (call names matched case-insensitively, as the
 * original API did; answers over 1 kB compressed: plugins/compression.ts), OpenAPI at
 * /api/docs, /version.json, the probes /healthz and /readyz (plugins/health.ts), and the built web app (plugins/web-app.ts: precompressed, cached,
 * index.html for client routes). Used by main.ts and by every test.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { apiKeyRoutes } from './modules/api/routes.js';
import { sessionOnlyGate } from './modules/api/session-only-calls.js';
import { attachmentRoutes } from './modules/attachments/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { balanceRoutes } from './modules/balance/routes.js';
import { cachingRoutes } from './modules/caching/routes.js';
import { commentRoutes } from './modules/comments/routes.js';
import { companyAdminRoutes } from './modules/company/company-admin-routes.js';
import { companyRoutes } from './modules/company/routes.js';
import { confirmationRoutes } from './modules/confirmations/routes.js';
import { containerOrderRoutes } from './modules/containers/order-routes.js';
import { containerRoutes } from './modules/containers/routes.js';
import { controlsRoutes } from './modules/controls/routes.js';
import { countingRoutes } from './modules/counting/routes.js';
import { disputeEvidenceRoutes } from './modules/disputes/evidence-routes.js';
import { disputeRoutes } from './modules/disputes/routes.js';
import { globalRoutes } from './modules/global/routes.js';
import { homeRoutes } from './modules/home/routes.js';
import { integrationRoutes } from './modules/integrations/routes.js';
import { invoiceRoutes } from './modules/invoices/routes.js';
import { locationRoutes } from './modules/locations/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { mailRoutes } from './modules/mail/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { orderImportRoutes } from './modules/order-import/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { palletReceiptRoutes } from './modules/pallet-receipts/routes.js';
import { reconciliationRoutes } from './modules/reconciliation/routes.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { scheduledRoutes } from './modules/scheduled/routes.js';
import { sessionRoutes } from './modules/session/routes.js';
import { statementRoutes } from './modules/statements/routes.js';
import { supportRoutes } from './modules/support/routes.js';
import { waybillRoutes } from './modules/waybill/routes.js';
import { authPlugin } from './plugins/auth.js';
import { cachesPlugin } from './plugins/caches.js';
import { compression } from './plugins/compression.js';
import { downtimeGate } from './plugins/downtime-gate.js';
import { clientErrorHandler, errorEnvelope, frameworkErrors } from './plugins/error-envelope.js';
import { gdprGate } from './plugins/gdpr-gate.js';
import { healthRoutes, type Readiness } from './plugins/health.js';
import { metricsHooks, type PortalMetrics } from './plugins/metrics.js';
import { openapi } from './plugins/openapi.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { requestIdGenerator, requestIdHeader } from './plugins/request-id.js';
import { type LogStream, loggerOptions, requestLogContext } from './plugins/request-log.js';
import { securityHeaders } from './plugins/security-headers.js';
import { clientPage, webApp } from './plugins/web-app.js';
import { type ServerTimeouts, serverTimeouts, timeoutOptions } from './server-timeouts.js';

/**
 * The app on a database. `logger`: the request log on stdout (main.ts, LOG); `logStream`: the
 * request log into that stream instead (tests read it). `listen`: the database's NOTIFY
 * subscription (`Database.listen`), through which cache empties and revoked sessions of other
 * server processes reach this one (plugins/caches.ts); without it only this app's own apply.
 * `timeouts`: any of the server's timeouts to change (server-timeouts.ts).
 */
export async function buildApp(options: {
  db: Db;
  config: Config;
  logger?: boolean;
  logStream?: LogStream;
  listen?: Database['listen'];
  /** The server's timeouts (server-timeouts.ts); tests shorten some. */
  timeouts?: Partial<ServerTimeouts>;
  /** Whether the process takes requests: GET /readyz answers 503 once `draining` (plugins/health.ts; main.ts on SIGTERM). */
  readiness?: Readiness;
  /** Counts every answer by route, method and status (plugins/metrics.ts; main.ts with METRICS_PORT). */
  metrics?: PortalMetrics;
}): Promise<FastifyInstance> {
  const { db, config } = options;
  const app = Fastify({
    // A request that stops coming answers 408 and frees its connection (server-timeouts.ts).
    ...timeoutOptions({ ...serverTimeouts, ...options.timeouts }),
    logger: loggerOptions(options.logger ?? false, options.logStream),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Off unless TRUST_PROXY names the proxies: else any client picks its address (config.ts).
    trustProxy: config.trustProxy,
    // A proxy's own X-Request-Id behind TRUST_PROXY, else one made here (plugins/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: 12 * 1024 * 1024,
    // Errors Fastify and Node raise before a route runs, in the portal's envelope (docs/domain.md, "Input").
    frameworkErrors,
    clientErrorHandler,
  });
  app.decorate('db', db);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so that every answer names its request id, the 404s and errors too.
  await app.register(requestIdHeader);
  // Before the error envelope, so that the 404 handler it sets counts too.
  if (options.metrics) await app.register(metricsHooks, { metrics: options.metrics });
  await app.register(errorEnvelope, { clientPage: clientPage({ root: config.webDist }) });
  await app.register(compression);
  // Counted in the database, so that every server process keeps one limit (plugins/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(securityHeaders);
  await app.register(openapi, { version: config.version });
  await app.register(cachesPlugin, { listen: options.listen });
  await app.register(authPlugin);
  // The route and the signed-in user on the request's log lines (after auth resolved the caller).
  await app.register(requestLogContext);
  await app.register(downtimeGate);
  await app.register(gdprGate);
  await app.register(sessionOnlyGate);

  await app.register(
    async (api) => {
      await api.register(authRoutes, { config });
      await api.register(accountRoutes);
      await api.register(sessionRoutes, { config });
      await api.register(lookupRoutes);
      await api.register(alertRoutes);
      await api.register(messageRoutes);
      await api.register(orderRoutes);
      await api.register(orderImportRoutes);
      await api.register(balanceRoutes);
      await api.register(homeRoutes);
      await api.register(scheduledRoutes);
      await api.register(commentRoutes);
      await api.register(attachmentRoutes);
      await api.register(mailRoutes);
      await api.register(companyRoutes);
      await api.register(companyAdminRoutes);
      await api.register(locationRoutes);
      await api.register(countingRoutes);
      await api.register(containerOrderRoutes);
      await api.register(containerRoutes);
      await api.register(waybillRoutes);
      await api.register(invoiceRoutes);
      await api.register(reportRoutes);
      await api.register(statementRoutes);
      await api.register(integrationRoutes);
      await api.register(registrationRoutes);
      await api.register(apiKeyRoutes);
      await api.register(controlsRoutes, { config });
      await api.register(globalRoutes);
      await api.register(cachingRoutes);
      await api.register(supportRoutes, { config });
      await api.register(palletReceiptRoutes, { config });
      await api.register(confirmationRoutes, { config });
      await api.register(disputeRoutes);
      await api.register(reconciliationRoutes);
      await api.register(disputeEvidenceRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(healthRoutes, { readiness: options.readiness ?? { draining: false } });

  app.get('/version.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { version: config.version, build: config.build, timestamp: Date.now() };
  });

  await app.register(webApp, { root: config.webDist });
  return app;
}
