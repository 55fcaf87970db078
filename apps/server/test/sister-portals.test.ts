import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface Link {
  url: string;
  companyCountry: string;
  hasAccount: boolean;
}

describe.each(backends)('sister portals and the digipall hosts (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file reads the session only.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  const interCompany = async (token: string): Promise<Link[]> => {
    const { status, body } = await ctx.call('POST', '/api/Actions', { token, body: ['InterCompany'] });
    expect(status).toBe(200);
    return body.data[0] as Link[];
  };

  it('answers every sister portal, with hasAccount where the demo user has an account (admin and kari: Sweden and Denmark)', async () => {
    for (const user of ['admin', 'kari']) {
      const links = await interCompany(await ctx.login(user));
      expect(links.map((l) => [l.companyCountry, l.hasAccount])).toEqual([
        ['SE', true],
        ['DK', true],
        ['FI', false],
      ]);
      expect(links.every((l) => l.url.startsWith('https://'))).toBe(true);
    }
    // ole has no account anywhere: every portal, each a plain link.
    const ole = await interCompany(await ctx.login('ole'));
    expect(ole).toHaveLength(3);
    expect(ole.some((l) => l.hasAccount)).toBe(false);
  });

  it('keeps the signed-in person’s accounts while a customer admin acts as another user', async () => {
    const token = await ctx.login('kari');
    const status = (await ctx.call('GET', '/api/Status', { token })).body.data.status;
    const users = await ctx.call('GET', `/api/Users?customerId=${status.customer.id}&isActive=true`, { token });
    const other = users.body.data.find((u: { loginName: string }) => u.loginName !== 'kari');
    expect((await ctx.call('POST', '/api/status', { token, body: { userId: other.id } })).status).toBe(200);
    const links = await interCompany(token);
    expect(links.filter((l) => l.hasAccount).map((l) => l.companyCountry)).toEqual(['SE', 'DK']);
  });

  it('serves the digipall hosts (no old-page notice) when PORTAL_HOSTS names other hosts', async () => {
    const config = { ...readConfig({ PORTAL_HOSTS: 'portal.example.no', PUBLIC_URL: 'https://portal.example.no' }), build: 'test' };
    const app = await buildApp({ db: ctx.database.db, config });
    try {
      const configured = async (host: string) =>
        (await app.inject({ method: 'GET', url: '/api/Status', headers: { host } })).json().data.hostConfigured as boolean;
      expect(await configured('digipall.example.no')).toBe(true);
      expect(await configured('digipall2.example.no:8443')).toBe(true);
      expect(await configured('old.example.no')).toBe(false);
    } finally {
      await app.close();
    }
  });
});
