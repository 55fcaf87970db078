/**
 * The probes of a server process for a reverse proxy or orchestrator (issue 21;
 * docs/operations.md, "Several processes"), outside /api and without a session:
 * - GET /healthz: 200 `{ status: 'ok' }` while the process runs (liveness; it never asks the
 *   database, so a database outage restarts no process);
 * - GET /readyz: 200 `{ status: 'ready' }` while this process takes requests; 503
 *   `{ status: 'draining' }` from SIGTERM on (main.ts), so the proxy sends it no more before it
 *   stops. It does not ask the database: every process shares it, so a database that is slow
 *   or away would take all of them out of the proxy at once (503 for every call instead of the
 *   calls that need it failing), and under load a check waiting for a pool connection timed
 *   out and took busy processes out (bench/cluster).
 * Both answer `Cache-Control: no-store` and are left out of the OpenAPI document. While
 * draining, every answer of the app carries `Connection: close`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Whether the process takes requests; main.ts sets `draining` on SIGTERM. */
export interface Readiness {
  draining: boolean;
}

export const healthRoutes = fp(async (app: FastifyInstance, options: { readiness: Readiness }) => {
  // While draining, every answer ends its connection (`Connection: close`): a keep-alive
  // connection would otherwise stay open after its last answer and hold up the close, and the
  // proxy's next request on a new connection goes to another process.
  app.addHook('onSend', async (_request, reply) => {
    if (options.readiness.draining) reply.header('connection', 'close');
  });
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (options.readiness.draining) return reply.code(503).send({ status: 'draining' });
    return { status: 'ready' };
  });
});
