/**
 * Several server processes on one database (issue 21; docs/operations.md): two apps on the same
 * database (on PostgreSQL each with a pool of its own, as two processes have) keep one rate
 * limit between them; the probes; the metrics count a request by its route; the request log
 * names route and user and never a password or token. Graceful shutdown with a real process:
 * graceful-shutdown.test.ts.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres, rows, sql } from '../src/db/client.js';
import { CHANGE_PASSWORD_LIMIT } from '../src/modules/accounts/routes.js';
import { createMetrics, type PortalMetrics } from '../src/plugins/metrics.js';
import { deleteEndedRateLimitWindows } from '../src/plugins/rate-limit-store.js';
import { NOT_FOUND_LIMIT, UNKNOWN_TOKEN_LIMIT } from '../src/plugins/rate-limits.js';
import { backends, openTestContext, type TestContext, testConfig } from './helpers.js';

describe.each(backends)('several processes on one database (%s)', (backend) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let secondDatabase: Database | null = null;
  let metrics: PortalMetrics;
  const logLines: string[] = [];
  beforeAll(async () => {
    // No ledger check after each test: nothing here writes to the ledger or the balances.
    ctx = await openTestContext(backend, { ledgerCheck: false });
    // The second "process": on PostgreSQL its own pool, as a second process has.
    secondDatabase = ctx.databaseUrl ? await openPostgres(ctx.databaseUrl, 5) : null;
    const db = secondDatabase?.db ?? ctx.database.db;
    metrics = createMetrics({ db, poolStats: secondDatabase?.poolStats });
    second = await buildApp({ db, config: testConfig, metrics, logStream: { write: (line) => logLines.push(line) } });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
    await ctx?.close();
  });

  /** Calls app `n % 2` (the first or the second process) from `address`. */
  const alternate = (n: number, options: { method?: 'GET' | 'POST'; url: string; address: string; token?: string; body?: object }) =>
    (n % 2 === 0 ? ctx.app : second).inject({
      method: options.method ?? 'GET',
      url: options.url,
      remoteAddress: options.address,
      headers: { 'accept-language': 'en-US', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
      ...(options.body ? { payload: options.body } : {}),
    });

  it('a limit of N holds at N when the calls alternate between two processes', async () => {
    const address = '203.0.113.10';
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++)
      expect((await alternate(i, { url: `/api/NoSuchCall${i}`, address })).statusCode).toBe(404);
    const first = await alternate(0, { url: '/api/NoSuchCall', address });
    expect(first.statusCode).toBe(429);
    expect(first.json().error.type).toBe('RATE_LIMITED');
    expect((await alternate(1, { url: '/api/NoSuchCall', address })).statusCode).toBe(429);
    // Another address has its own count.
    expect((await alternate(1, { url: '/api/NoSuchCall', address: '203.0.113.11' })).statusCode).toBe(404);

    // A route's own limit (change password: 10 per 15 minutes), from one user's wrong guesses.
    const token = await ctx.login('ole');
    const [ole] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = 'ole'`);
    const guess = { userId: Number(ole?.id), oldPassword: 'not-my-password', newPassword: 'sommer2026' };
    const changeAddress = '203.0.113.12';
    for (let i = 0; i < CHANGE_PASSWORD_LIMIT.max; i++) {
      const answer = await alternate(i, { method: 'POST', url: '/api/userPassword', address: changeAddress, token, body: guess });
      expect(answer.statusCode).toBe(400);
    }
    const over = await alternate(CHANGE_PASSWORD_LIMIT.max, {
      method: 'POST',
      url: '/api/userPassword',
      address: changeAddress,
      token,
      body: guess,
    });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);

    // Bearer tokens that open no session.
    const tokenAddress = '203.0.113.13';
    const forged = () => randomBytes(32).toString('base64url');
    for (let i = 0; i < UNKNOWN_TOKEN_LIMIT.max; i++) {
      expect((await alternate(i, { url: '/api/Orders', address: tokenAddress, token: forged() })).statusCode).toBe(401);
    }
    expect((await alternate(1, { url: '/api/Orders', address: tokenAddress, token: forged() })).statusCode).toBe(429);
  });

  it("the scheduler's clean-up deletes ended windows only", async () => {
    await ctx.database.db.execute(
      sql`INSERT INTO rate_limit_counters (scope, key, hits, window_ends_at) VALUES
          ('test', 'ended', 5, now() - interval '1 second'), ('test', 'running', 5, now() + interval '1 minute')`,
    );
    expect(await deleteEndedRateLimitWindows(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const left = await rows<{ key: string }>(ctx.database.db, sql`SELECT key FROM rate_limit_counters WHERE scope = 'test'`);
    expect(left.map((r) => r.key)).toEqual(['running']);
    // A counter whose window ended starts again at 1.
    const address = '203.0.113.20';
    await ctx.database.db.execute(
      sql`INSERT INTO rate_limit_counters (scope, key, hits, window_ends_at) VALUES ('not-found', ${address}, 1000, now() - interval '1 second')`,
    );
    expect((await alternate(0, { url: '/api/NoSuchCall', address })).statusCode).toBe(404);
  });

  it('answers /healthz and /readyz; /readyz 503 while draining', async () => {
    const readiness = { draining: false };
    const app = await buildApp({ db: ctx.database.db, config: testConfig, readiness });
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.headers['cache-control']).toBe('no-store');
      readiness.draining = true;
      const draining = await app.inject({ method: 'GET', url: '/readyz' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ status: 'draining' });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('metrics in Prometheus text count a request by its route pattern, method and status', async () => {
    const token = await ctx.login('kari');
    const answer = await second.inject({ method: 'GET', url: '/api/Orders/999999999', headers: { authorization: `Bearer ${token}` } });
    expect(answer.statusCode).toBe(404);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/Orders\/:id",status_code="404"\} 1$/m);
    expect(text).toMatch(/^portal_http_request_duration_seconds_count\{method="GET",route="\/api\/Orders\/:id",status_code="404"\} 1$/m);
    // Never the raw URL.
    expect(text).not.toContain('999999999');
    expect(text).toMatch(/^portal_mail_outbox_messages\{status="queued"\} \d+$/m);
    if (backend === 'postgres') expect(text).toMatch(/^portal_db_pool_connections\{state="total"\} [1-9]\d*$/m);
    expect(text).toMatch(/^portal_ready 1$/m);
  });

  it('logs each request with its route and user, never a password or token', async () => {
    logLines.length = 0;
    const password = 'demo1234';
    const signIn = await second.inject({ method: 'POST', url: '/api/Login', payload: { userLoginName: 'lise', password } });
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().data.token as string;
    const balance = await second.inject({
      method: 'GET',
      url: '/api/BalanceLocations',
      headers: { authorization: `Bearer ${token}`, cookie: 'a=b' },
    });
    expect(balance.statusCode).toBe(200);
    const log = logLines.join('');
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    const completed = logLines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');
    const [lise] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = 'lise'`);
    expect(completed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ route: '/api/Login', reqId: expect.anything(), res: expect.objectContaining({ statusCode: 200 }) }),
        expect.objectContaining({ route: '/api/BalanceLocations', userId: Number(lise?.id), reqId: expect.anything() }),
      ]),
    );
  });
});
