/**
 * Prometheus metrics of one server process (issue 21; docs/operations.md, "Metrics"), with
 * prom-client, in Prometheus's text format on a listener of their own (METRICS_PORT, off by
 * default) that an operator keeps private: it serves nothing else, and the portal's port never
 * serves them. Each process counts its own; Prometheus scrapes every process and sums.
 *
 * - portal_http_requests_total{method,route,status_code} and
 *   portal_http_request_duration_seconds{method,route,status_code} (a histogram): every answer,
 *   by the route's pattern (`/api/Orders/:id`, never the raw URL: `(none)` for a path no route
 *   serves), method and status;
 * - portal_db_pool_connections{state} (total, idle, waiting) and portal_db_pool_max: the
 *   PostgreSQL pool of this process (absent on PGlite, which has no pool);
 * - portal_job_runs_total{job,outcome} (ok, failed) and portal_job_duration_seconds{job}: the
 *   scheduler's jobs in this process (modules/scheduled/scheduler.ts);
 * - portal_mail_outbox_messages{status} (queued, sending) and
 *   portal_mail_outbox_oldest_age_seconds: the outbox shared by all processes (the same
 *   figures from every process), read when scraped;
 * - portal_ready: 1 while the process takes requests, 0 while it drains (SIGTERM);
 * - prom-client's default process and Node.js metrics (CPU, memory, event loop lag, GC).
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, type Db, rows, sql } from '../db/client.js';

/** The metrics of one process; `registry` renders them. */
export interface PortalMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status_code'>;
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  jobRuns: Counter<'job' | 'outcome'>;
  jobDuration: Histogram<'job'>;
  ready: Gauge;
}

/**
 * Makes the metrics of a process on `db`. `pool`: the database's pool figures
 * (`Database.poolStats`; omitted on PGlite). `defaults`: prom-client's process metrics (main.ts
 * turns them on; tests leave them off, as they run several apps in one process).
 */
export function createMetrics(options: { db: Db; poolStats?: Database['poolStats']; defaults?: boolean }): PortalMetrics {
  const registry = new Registry();
  if (options.defaults) collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const labelNames = ['method', 'route', 'status_code'] as const;
  const poolStats = options.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of this process to PostgreSQL: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        const stats = poolStats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'portal_db_pool_max',
      help: 'The most connections this process opens to PostgreSQL',
      registers,
      collect() {
        this.set(poolStats().max);
      },
    });
  }
  new Gauge({
    name: 'portal_mail_outbox_messages',
    help: 'Mails waiting in the outbox of all processes, by status (queued, sending)',
    labelNames: ['status'],
    registers,
    async collect() {
      const found = await rows<{ status: string; n: number }>(
        options.db,
        sql`SELECT status, count(*)::int AS n FROM email_archive WHERE status IN ('queued', 'sending') GROUP BY status`,
      );
      for (const status of ['queued', 'sending']) this.set({ status }, Number(found.find((r) => r.status === status)?.n ?? 0));
    },
  });
  new Gauge({
    name: 'portal_mail_outbox_oldest_age_seconds',
    help: 'Seconds the oldest mail still waiting in the outbox has waited (0: none waits)',
    registers,
    async collect() {
      const [found] = await rows<{ age: number | null }>(
        options.db,
        sql`SELECT extract(epoch FROM now() - min(created_at))::float8 AS age FROM email_archive WHERE status IN ('queued', 'sending')`,
      );
      this.set(Math.max(0, Number(found?.age ?? 0)));
    },
  });
  const ready = new Gauge({ name: 'portal_ready', help: '1 while this process takes requests, 0 while it drains', registers });
  ready.set(1);
  return {
    registry,
    ready,
    httpRequests: new Counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by route pattern, method and status',
      labelNames,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Seconds from a request arriving to its answer, by route pattern, method and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    jobRuns: new Counter({
      name: 'portal_job_runs_total',
      help: "Runs of the scheduler's jobs in this process, by job and outcome (ok, failed)",
      labelNames: ['job', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'portal_job_duration_seconds',
      help: "Seconds a run of one of the scheduler's jobs took",
      labelNames: ['job'],
      buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
  };
}

/** Counts every answer of the app in `metrics` by its route pattern, method and status. */
export const metricsHooks = fp(async (app: FastifyInstance, options: { metrics: PortalMetrics }) => {
  const { httpRequests, httpDuration } = options.metrics;
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(none)', status_code: String(reply.statusCode) };
    httpRequests.inc(labels);
    httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
});

/**
 * Serves `metrics` at GET /metrics on `port` and `host` (METRICS_PORT, METRICS_HOST), and
 * nothing else (404). Answers the server once it listens; close it with `close()`.
 */
export async function startMetricsServer(metrics: PortalMetrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Where the metrics listener listens: METRICS_PORT (unset: no listener) on METRICS_HOST
 * (default 127.0.0.1, this machine only).
 * @throws Error for a METRICS_PORT that is no port number
 */
export function readMetricsListen(env: NodeJS.ProcessEnv = process.env): { port: number; host: string } | null {
  const value = env.METRICS_PORT?.trim();
  if (!value) return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`METRICS_PORT=${value} is no port number (1-65535)`);
  return { port, host: env.METRICS_HOST?.trim() || '127.0.0.1' };
}
