/**
 * The probes of a server process for a reverse proxy or orchestrator (issue 21;
 * docs/operations.md, "Several processes"), outside /api and without a session:
 * - GET /healthz: 200 `{ status: 'ok' }` while the process runs (liveness; it never asks the
 *   database, so a database outage restarts no process);
 * - GET /readyz: 200 `{ status: 'ready' }` when this process takes requests and its database
 *   answers; 503 `{ status: 'draining' }` from SIGTERM on (main.ts), so the proxy sends it no
 *   more before it stops, and 503 `{ status: 'database unavailable' }` while the database
 *   does not answer `SELECT 1`.
 * Both answer `Cache-Control: no-store` and are left out of the OpenAPI document. While
 * draining, every answer of the app carries `Connection: close`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from '../db/client.js';

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
    try {
      await app.db.execute(sql`SELECT 1`);
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
    return { status: 'ready' };
  });
});
