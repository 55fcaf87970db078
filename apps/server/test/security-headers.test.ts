import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { openTestContext, type TestContext } from './helpers.js';

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

describe('security headers on the app and the API', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    // No ledger check after each test: this file reads headers only, nothing that can write to the ledger or balances.
    ctx = await openTestContext('pglite', { ledgerCheck: false });
    // A stand-in for the built web app, so the test does not depend on a build.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pallet Portal</title><div id="root"></div>');
    app = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), webDist } });
    behindProxy = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), webDist, trustProxy: ['127.0.0.1'] } });
  });
  afterAll(async () => {
    await app.close();
    await behindProxy.close();
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/app/orders', '/api/Status', '/api/NoSuchCall', '/api/docs', '/version.json'])(
    '%s: a CSP without inline script that no site may frame, nosniff, a Referrer-Policy',
    async (url) => {
      const answer = await app.inject({ method: 'GET', url });
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('same-origin');
    },
  );

  it('sends HSTS, COOP and Origin-Agent-Cluster only over HTTPS: not over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const secureOnly = ['strict-transport-security', 'cross-origin-opener-policy', 'origin-agent-cluster'];
    const plain = await app.inject({ method: 'GET', url: '/api/Status' });
    for (const header of secureOnly) expect(plain.headers[header], header).toBeUndefined();
    const claimed = await app.inject({ method: 'GET', url: '/api/Status', headers: { 'x-forwarded-proto': 'https' } });
    for (const header of secureOnly) expect(claimed.headers[header], header).toBeUndefined();
    const viaProxy = await behindProxy.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(viaProxy.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(viaProxy.headers['origin-agent-cluster']).toBe('?1');
  });
});
