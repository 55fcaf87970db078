import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { NOT_FOUND_LIMIT, UNKNOWN_TOKEN_LIMIT } from '../src/plugins/rate-limits.js';
import { openTestContext, type TestContext } from './helpers.js';

describe('cheap unauthenticated traffic is rate limited per client address', () => {
  let ctx: TestContext;
  let withWebApp: FastifyInstance;
  let apiOnlyApp: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    // No ledger check after each test: this file calls without signing in, nothing that can write to the ledger or balances.
    ctx = await openTestContext('pglite', { ledgerCheck: false });
    // With the web app served, unknown /api paths reach the 404 handler through the app's fallback route.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pallet Portal</title>');
    withWebApp = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), webDist } });
    apiOnlyApp = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), webDist: path.join(webDist, 'none') } });
  });
  afterAll(async () => {
    await withWebApp.close();
    await apiOnlyApp.close();
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, remoteAddress: string, token?: string, app: FastifyInstance = apiOnlyApp) =>
    app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { 'accept-language': 'en-US', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('calls of no route: 404 up to the limit, then 429; another address still gets its 404', async () => {
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) expect((await get(`/api/NoSuchCall${i}`, '198.51.100.40')).statusCode).toBe(404);
    const over = await get('/api/NoSuchCall', '198.51.100.40');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.type).toBe('RATE_LIMITED');
    expect((await get('/api/NoSuchCall', '198.51.100.41')).statusCode).toBe(404);
    // The app serving the web app limits unknown /api paths too; its counters are the database's,
    // shared with the other app (shared-rate-limits.test.ts), so another address shows it.
    for (let i = 0; i < NOT_FOUND_LIMIT.max; i++) {
      expect((await get(`/api/NoSuchCall${i}`, '198.51.100.42', undefined, withWebApp)).statusCode).toBe(404);
    }
    expect((await get('/api/NoSuchCall', '198.51.100.42', undefined, withWebApp)).statusCode).toBe(429);
    expect((await get('/api/NoSuchCall', '198.51.100.42')).statusCode).toBe(429);
  });

  it('forged bearer tokens: 401 up to the limit, then 429; real tokens from elsewhere still work', async () => {
    const forged = () => randomBytes(32).toString('base64url');
    for (let i = 0; i < UNKNOWN_TOKEN_LIMIT.max; i++) expect((await get('/api/Orders', '198.51.100.50', forged())).statusCode).toBe(401);
    const over = await get('/api/Orders', '198.51.100.50', forged());
    expect(over.statusCode).toBe(429);
    expect(over.json().error.type).toBe('RATE_LIMITED');
    const token = await ctx.login('kari');
    expect((await get('/api/Orders', '198.51.100.51', token)).statusCode).toBe(200);
    expect((await get('/api/Orders', '198.51.100.51', forged())).statusCode).toBe(401);
  });
});
