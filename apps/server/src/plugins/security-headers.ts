/**
 * Security headers on every answer, the web app's and the API's (`@fastify/helmet`; OWASP ASVS
 * 4.0.3 V14.4; docs/domain.md, "Security headers"):
 * - Content-Security-Policy: scripts only from the portal's own files, never inline, no eval
 *   (V14.4.3); styles from its files and inline, for Mantine writes its theme's CSS variables
 *   into `<style>` elements at run time (a nonce would need a per-request index.html); images
 *   also from `data:` (small icons the build inlines) and `blob:` (previews of uploads); calls
 *   only to the portal itself; no plugins; no `<base>` elsewhere; forms post only here;
 *   `frame-ancestors 'none'` (and X-Frame-Options DENY) so no site frames the portal
 *   (V14.4.7). The same policy serves the OpenAPI UI at /api/docs (Swagger UI loads only its
 *   own files).
 * - X-Content-Type-Options: nosniff (V14.4.4); Referrer-Policy: same-origin (V14.4.6): the
 *   portal's own calls keep their Referer (spec section 7), other sites get none.
 * - Strict-Transport-Security only on answers served over HTTPS (V14.4.5): over plain HTTP the
 *   header means nothing, and a proxy that ends TLS says so with X-Forwarded-Proto when it is
 *   named in TRUST_PROXY.
 * - Cross-Origin-Opener-Policy: same-origin and Origin-Agent-Cluster: ?1 likewise only over
 *   HTTPS: browsers honour both in secure contexts only and log an error for every page that
 *   sends them over plain HTTP (a LAN install on a host name other than localhost).
 * helmet's other defaults stay (Cross-Origin-Resource-Policy same-origin, X-DNS-Prefetch-Control
 * off, X-XSS-Protection 0...).
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The Content-Security-Policy directives of every answer. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  // Over plain HTTP (a LAN install, the tests) this would send the browser to https.
  upgradeInsecureRequests: null,
};

/** HSTS for one year, subdomains of the portal's host included (ASVS V14.4.5). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    reply.header('Origin-Agent-Cluster', '?1');
  });
});
