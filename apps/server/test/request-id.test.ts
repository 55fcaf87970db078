/**
 * The request id behind a reverse proxy (issue 21; docs/operations.md, "Logs"): every answer
 * names its request id in `X-Request-Id`; behind TRUST_PROXY a request from a named proxy keeps
 * the proxy's own sane `X-Request-Id`, so the proxy's log, the request log and the application
 * log (Global > Log) share it; without TRUST_PROXY, from any other address, or with a value
 * that could break a log line, the portal makes its own id and the header is not taken.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { rows, sql } from '../src/db/client.js';
import { openTestContext, type TestContext, testConfig } from './helpers.js';

/** An id the portal made itself (Fastify's count, per process). */
const OWN_ID = /^req-[0-9a-z]+$/;

/** What a proxy may send that must never stand in our logs. */
const unsafeIds = [
  'two words',
  'id"} {"userId":1',
  'id\tnext',
  '<script>alert(1)</script>',
  'x'.repeat(129),
  'ids,of;a,list',
  'ä-not-ascii',
];

describe('the request id (PGlite: it writes a sign-in to the application log only)', () => {
  let ctx: TestContext;
  let direct: FastifyInstance;
  let behindProxy: FastifyInstance;
  const directLines: string[] = [];
  const proxyLines: string[] = [];

  beforeAll(async () => {
    // No ledger check after each test: this file signs in and reads, nothing that writes to the ledger or balances.
    ctx = await openTestContext('pglite', { ledgerCheck: false });
    direct = await buildApp({ db: ctx.database.db, config: testConfig, logStream: { write: (line) => directLines.push(line) } });
    behindProxy = await buildApp({
      db: ctx.database.db,
      config: { ...testConfig, trustProxy: ['127.0.0.1'] },
      logStream: { write: (line) => proxyLines.push(line) },
    });
  });
  afterAll(async () => {
    await direct.close();
    await behindProxy.close();
    await ctx.close();
  });

  /** The request ids of the log lines written since `from`. */
  const loggedIds = (lines: string[], from: number) => new Set(lines.slice(from).map((line) => JSON.parse(line).reqId as string));

  /** The request id the application log wrote for the newest sign-in of `loginName`. */
  const signInRequestId = async (loginName: string) => {
    const [row] = await rows<{ requestId: string }>(
      ctx.database.db,
      sql`SELECT g.request_id AS "requestId" FROM app_log g JOIN users u ON u.id = g.user_id
          WHERE g.kind = 'signIn' AND u.login_name = ${loginName} ORDER BY g.id DESC LIMIT 1`,
    );
    return row?.requestId;
  };

  const signIn = (app: FastifyInstance, loginName: string, options: Partial<InjectOptions> = {}) =>
    app.inject({ method: 'POST', url: '/api/Login', payload: { userLoginName: loginName, password: 'demo1234' }, ...options });

  it('keeps a proxy’s X-Request-Id in the answer, every log line of the request and the application log', async () => {
    const id = '0f8b2c1e9a7d4b35a6e1c2d3f4a5b6c7';
    const from = proxyLines.length;
    const answer = await signIn(behindProxy, 'kari', { headers: { 'x-request-id': id } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['x-request-id']).toBe(id);
    expect(loggedIds(proxyLines, from)).toEqual(new Set([id]));
    expect(await signInRequestId('kari')).toBe(id);
    // HAProxy's and UUID forms are taken too.
    for (const form of ['7F000001:C6A7_0A00:01BB_65F0A1B2_0001:1A2B', '3b241101-e2bb-4255-8caf-4136c566a962']) {
      const health = await behindProxy.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': form } });
      expect(health.headers['x-request-id']).toBe(form);
    }
  });

  it('makes its own id without TRUST_PROXY: a client cannot choose the id in our logs', async () => {
    const from = directLines.length;
    const answer = await signIn(direct, 'ole', { headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(answer.statusCode).toBe(200);
    const own = answer.headers['x-request-id'];
    expect(own).toMatch(OWN_ID);
    expect(loggedIds(directLines, from)).toEqual(new Set([own]));
    expect(await signInRequestId('ole')).toBe(own);
  });

  it('makes its own id behind TRUST_PROXY for a request that does not come from the proxy', async () => {
    const answer = await behindProxy.inject({
      method: 'GET',
      url: '/api/Status',
      remoteAddress: '203.0.113.7',
      headers: { 'x-request-id': 'chosen-by-the-client' },
    });
    expect(answer.headers['x-request-id']).toMatch(OWN_ID);
  });

  it.each(unsafeIds)('does not take %j from the proxy, nor write it to the log', async (unsafe) => {
    const from = proxyLines.length;
    const answer = await behindProxy.inject({ method: 'GET', url: '/api/Status', headers: { 'x-request-id': unsafe } });
    expect(answer.headers['x-request-id']).toMatch(OWN_ID);
    expect(proxyLines.slice(from).join('\n')).not.toContain(unsafe);
  });

  it('names the request id in every answer: a page, a 404, a 400, a router error and the probes', async () => {
    const answers = await Promise.all(
      [
        { method: 'GET', url: '/api/NoSuchCall' },
        { method: 'POST', url: '/api/Login', payload: { userLoginName: 42 } },
        { method: 'GET', url: '/api/Orders/%zz' },
        { method: 'GET', url: '/healthz' },
        { method: 'GET', url: '/readyz' },
        { method: 'GET', url: '/version.json' },
      ].map((request) => direct.inject(request as InjectOptions)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([404, 400, 400, 200, 200, 200]);
    for (const answer of answers) expect(answer.headers['x-request-id']).toMatch(OWN_ID);
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(answers.length);
  });
});
