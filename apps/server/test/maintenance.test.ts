/**
 * Global > Maintenance (issue 10; docs/global.md, "Maintenance", "Hosts", "Badges"): a global
 * admin schedules and cancels downtime windows (others 403); during a window the API answers
 * 503 DOWNTIME with the reopening day and time to everyone but global admins (ole's calls and
 * sign-in refused, admin's calls and sign-in answered), GET Status tells the public area the
 * window, and the window is logged. A host the portal has no configuration for is told so by
 * GET Status. Provider staff get their badge counts, customers zeros.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { clearDowntimeCache } from '../src/modules/global/current-downtime.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** The demo admin writes Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');

describe.each(backends)('maintenance, hosts and badges (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };

  beforeAll(async () => {
    // No ledger check after each test: downtime windows, log rows and counts only.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
  });
  afterAll(() => ctx.close());

  const schedule = (body: unknown, token = tokens.admin) => ctx.call('POST', '/api/Downtimes', { token, body });
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

  it('lets only global admins list, schedule and cancel windows', async () => {
    for (const token of [tokens.kari, tokens.ole]) {
      expect((await ctx.call('GET', '/api/Downtimes', { token })).status).toBe(403);
      expect((await schedule({ startsAt: inMinutes(60), endsAt: inMinutes(120) }, token)).status).toBe(403);
      expect((await ctx.call('POST', '/api/DowntimeCancel', { token, body: { id: 1 } })).status).toBe(403);
    }
    const [count] = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM downtimes`);
    expect(Number(count?.n)).toBe(0);
  });

  it('refuses a window that ends before it starts, in the past, too long or overlapping another', async () => {
    const reversed = await schedule({ startsAt: inMinutes(120), endsAt: inMinutes(60) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.endsAt).toBe(nb('log.downtimeEndBeforeStart'));
    expect(reversed.body.error.fields.endsAt).toBe('Slutten må være etter starten.');
    const past = await schedule({ startsAt: inMinutes(-120), endsAt: inMinutes(-60) });
    expect(past.body.error.fields.endsAt).toBe(nb('log.downtimeInPast'));
    const long = await schedule({ startsAt: inMinutes(60), endsAt: inMinutes(60 + 15 * 24 * 60) });
    expect(long.status).toBe(400);
    const noDate = await schedule({ startsAt: 'Monday', endsAt: inMinutes(60) });
    expect(noDate.status).toBe(400);
    expect(noDate.body.error.fields.startsAt).toBeTruthy();

    const planned = await schedule({ startsAt: inMinutes(24 * 60), endsAt: inMinutes(25 * 60) });
    expect(planned.status).toBe(200);
    expect(planned.body.data).toMatchObject({ state: 'planned', cancelledAt: null });
    const overlap = await schedule({ startsAt: inMinutes(24 * 60 + 30), endsAt: inMinutes(26 * 60) });
    expect(overlap.status).toBe(400);
    expect(overlap.body.error.fields.startsAt).toBe(nb('log.downtimeOverlap'));
    // A planned window closes nothing yet, and GET Status names it.
    expect((await ctx.call('GET', '/api/Orders', { token: tokens.ole })).status).toBe(200);
    const status = await ctx.call('GET', '/api/Status');
    expect(status.body.data.downtime).toEqual({ startsAt: planned.body.data.startsAt, endsAt: planned.body.data.endsAt });
    const cancelled = await ctx.call('POST', '/api/DowntimeCancel', { token: tokens.admin, body: { id: planned.body.data.id } });
    expect(cancelled.body.data.state).toBe('cancelled');
    expect((await ctx.call('POST', '/api/DowntimeCancel', { token: tokens.admin, body: { id: planned.body.data.id } })).status).toBe(409);
    expect((await ctx.call('POST', '/api/DowntimeCancel', { token: tokens.admin, body: { id: 999999 } })).status).toBe(404);
    expect((await ctx.call('GET', '/api/Status')).body.data.downtime).toBeNull();
  });

  it('answers 503 to ole and 200 to admin during a window, with the reopening time, and opens again when cancelled', async () => {
    const endsAt = '2099-11-30T09:00:00.000Z'; // a Monday, 10:00 in Oslo
    // Written directly: a window of more than 14 days, to name a fixed reopening time.
    await ctx.database.db.execute(
      sql`INSERT INTO downtimes (starts_at, ends_at) VALUES (now() - interval '1 minute', ${endsAt}::timestamptz)`,
    );
    clearDowntimeCache(ctx.database.db);

    const refused = await ctx.call('GET', '/api/Orders', { token: tokens.ole });
    expect(refused.status).toBe(503);
    expect(refused.body.error.type).toBe('DOWNTIME');
    // ole's language is Norwegian.
    expect(refused.body.error.message).toBe('Vi er stengt for oppgradering – prøv igjen mandag 30. november kl. 10:00!');
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(0);
    const english = await ctx.call('GET', '/api/Orders');
    expect(english.status).toBe(503);
    expect(english.body.error.message).toBe("We're closed for upgrades - Please try again on Monday, November 30 at 10:00 AM!");
    const finnish = await ctx.call('GET', '/api/Orders', { headers: { 'accept-language': 'fi-FI' } });
    expect(finnish.status).toBe(503);
    expect(finnish.body.error.message).toBe('Olemme suljettuina päivityksen ajan – yritä uudelleen maanantaina 30. marraskuuta klo 10.00!');

    // ole cannot sign in (after the password check: a wrong one is still 401); admin can.
    const oleLogin = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'ole', password: 'demo1234' } });
    expect(oleLogin.status).toBe(503);
    expect(oleLogin.body.error.type).toBe('DOWNTIME');
    expect((await ctx.call('POST', '/api/Login', { body: { userLoginName: 'ole', password: 'wrong' } })).status).toBe(401);
    const admin = await ctx.login('admin');
    expect((await ctx.call('GET', '/api/Orders', { token: admin })).status).toBe(200);
    expect((await ctx.call('GET', '/api/Orders', { token: tokens.admin })).status).toBe(200);

    // The public area learns the window and the reopening time.
    const status = await ctx.call('GET', '/api/Status');
    expect(status.status).toBe(200);
    expect(status.body.data.downtime.endsAt).toBe(endsAt);
    // The refused sign-in is in the log, as a failed one.
    const log = await ctx.call('GET', '/api/Log?kind=signInFailed&user=ole', { token: admin });
    expect(log.body.data.items[0]).toBeTruthy();

    const [window] = (await ctx.call('GET', '/api/Downtimes', { token: admin })).body.data.items.filter(
      (w: { state: string }) => w.state === 'active',
    );
    expect(window.endsAt).toBe(endsAt);
    expect((await ctx.call('POST', '/api/DowntimeCancel', { token: admin, body: { id: window.id } })).status).toBe(200);
    expect((await ctx.call('GET', '/api/Orders', { token: tokens.ole })).status).toBe(200);
    const logged = await ctx.call('GET', '/api/Log?kind=downtime', { token: admin });
    expect(logged.body.data.items.map((i: { message: string }) => i.message)).toEqual(
      expect.arrayContaining(['Downtime scheduled', 'Downtime cancelled']),
    );
  });

  it('tells GET Status whether the host is one the portal serves (PORTAL_HOSTS)', async () => {
    // Unset: every host is served.
    const open = await ctx.call('GET', '/api/Status', { headers: { host: 'old.example.com' } });
    expect(open.body.data.hostConfigured).toBe(true);
    const config = {
      ...readConfig({ PORTAL_HOSTS: 'portal.example.no, *.example.se', PUBLIC_URL: 'https://new.example.no' }),
      build: 'test',
    };
    const app = await buildApp({ db: ctx.database.db, config });
    try {
      const hostOf = async (host: string) => {
        const response = await app.inject({ method: 'GET', url: '/api/Status', headers: { host } });
        return response.json().data as { hostConfigured: boolean; portalUrl: string };
      };
      expect(await hostOf('old.example.com')).toMatchObject({ hostConfigured: false, portalUrl: 'https://new.example.no' });
      expect((await hostOf('portal.example.no')).hostConfigured).toBe(true);
      expect((await hostOf('lager.example.se:8443')).hostConfigured).toBe(true);
      expect((await hostOf('new.example.no')).hostConfigured).toBe(true);
      expect((await hostOf('localhost:3000')).hostConfigured).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('counts new support cases and new customer requests for provider staff, zeros for customers', async () => {
    const [ole] = await rows<{ id: number; customerId: number }>(
      ctx.database.db,
      sql`SELECT id, customer_id AS "customerId" FROM users WHERE login_name = 'ole'`,
    );
    const before = (await ctx.call('GET', '/api/Badges', { token: tokens.admin })).body.data;
    await ctx.database.db.execute(
      sql`INSERT INTO support_tickets (customer_id, user_id, topic, description, status)
          VALUES (${Number(ole?.customerId)}, ${Number(ole?.id)}, 'Badge test', 'A new case', 'New')`,
    );
    const after = (await ctx.call('GET', '/api/Badges', { token: tokens.admin })).body.data;
    expect(after.newSupportCases).toBe(before.newSupportCases + 1);
    expect(after.newCustomerRequests).toBeGreaterThanOrEqual(0);
    expect((await ctx.call('GET', '/api/Badges', { token: tokens.ole })).body.data).toEqual({ newSupportCases: 0, newCustomerRequests: 0 });
  });
});
