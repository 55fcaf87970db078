/**
 * Global > Log (issue 10; docs/global.md, "Log"): only global admins read the application log
 * (others 403); a failed sign-in (naming the login name tried, never the password), a sign-in,
 * a switch, a sign-out, a user change (before and after, no password), an admin's password set
 * (that it happened only) and an unexpected error (with its request id) appear; the filters
 * narrow the list; one row opens with its data; the retention job deletes old rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { deleteOldLogRows } from '../src/modules/global/delete-old-log.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('the application log (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  let kari: { customerId: number; locationId: number };

  beforeAll(async () => {
    // No ledger check after each test: this file signs in, switches and changes users only.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    const [k] = await rows<{ customerId: number; locationId: number }>(
      ctx.database.db,
      sql`SELECT customer_id AS "customerId", location_id AS "locationId" FROM users WHERE login_name = 'kari'`,
    );
    kari = { customerId: Number(k?.customerId), locationId: Number(k?.locationId) };
  });
  afterAll(() => ctx.close());

  const log = (query: string, token = tokens.admin) => ctx.call('GET', `/api/Log${query}`, { token });

  it('is read by global admins only: kari and ole get 403, also for one row', async () => {
    for (const token of [tokens.kari, tokens.ole]) {
      const list = await log('', token);
      expect(list.status).toBe(403);
      expect(list.body.error.type).toBe('FORBIDDEN');
      expect((await ctx.call('GET', '/api/Log/1', { token })).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/Log')).status).toBe(401);
    const list = await log('');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThan(0);
  });

  it('records a failed sign-in with the login name tried and never the password, and a sign-in', async () => {
    const failed = await ctx.call('POST', '/api/Login', { body: { userLoginName: 'Mikko', password: 'Secret-Guess-123' } });
    expect(failed.status).toBe(401);
    await ctx.login('mikko');
    const list = await log('?kind=signInFailed&user=mikko');
    expect(list.status).toBe(200);
    const [row] = list.body.data.items;
    expect(row).toMatchObject({ kind: 'signInFailed', level: 'warn', userLogin: 'mikko' });
    const detail = await ctx.call('GET', `/api/Log/${row.id}`, { token: tokens.admin });
    expect(detail.body.data.data).toMatchObject({ loginName: 'Mikko', reason: 'LOGIN_FAILED' });
    expect(JSON.stringify(detail.body.data)).not.toContain('Secret-Guess-123');
    // An unknown login name is logged too, by the name tried.
    await ctx.call('POST', '/api/Login', { body: { userLoginName: 'nobody.here', password: 'x' } });
    const unknown = await log('?kind=signInFailed&user=nobody.here');
    expect(unknown.body.data.items[0]).toMatchObject({ userId: null, kind: 'signInFailed' });
    const signIns = await log('?kind=signIn&user=mikko');
    expect(signIns.body.data.items[0]).toMatchObject({ kind: 'signIn', userLogin: 'mikko', level: 'info' });
  });

  it('records a switch with the customer before and after, and a sign-out', async () => {
    const admin = await ctx.login('admin');
    const switched = await ctx.call('POST', '/api/status', { token: admin, body: { customerId: kari.customerId } });
    expect(switched.status).toBe(200);
    const list = await log('?kind=switch');
    const [row] = list.body.data.items;
    expect(row).toMatchObject({ kind: 'switch', loginUserLogin: 'admin', userLogin: 'admin' });
    const detail = await ctx.call('GET', `/api/Log/${row.id}`, { token: tokens.admin });
    expect(detail.body.data.after.customerId).toBe(kari.customerId);
    expect(detail.body.data.before.customerId).not.toBe(kari.customerId);
    expect(detail.body.data.requestId).toEqual(expect.any(String));

    expect((await ctx.call('POST', '/api/logout', { token: admin })).status).toBe(200);
    const out = await log('?kind=signOut');
    // Signed out while acting for kari's customer: the row names it.
    expect(out.body.data.items[0]).toMatchObject({ kind: 'signOut', loginUserLogin: 'admin', customerId: kari.customerId });
  });

  it('records a user change with before and after, and a password set without the password', async () => {
    const body = {
      name: 'Log Test User',
      loginName: `log.test.${kind}`,
      phone: '',
      email: `log.test.${kind}@example.com`,
      language: 'nb-NO',
      isActive: true,
      locationId: kari.locationId,
      secondaryLocationIds: [],
      roleIds: [],
      isGlobalAdmin: false,
      isCustomerAdmin: false,
      isSupport: false,
      supportCustomer: false,
      supportLocation: false,
      reportLevel: 0,
      financeReport: false,
      standardDraft: false,
      tasks: [],
      notifications: { autoCommit: false, deviation: true, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    };
    const created = await ctx.call('POST', '/api/Users', { token: tokens.kari, body });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const renamed = await ctx.call('POST', '/api/Users', { token: tokens.kari, body: { ...body, id, name: 'Log Test Renamed' } });
    expect(renamed.status).toBe(200);

    const list = await log('?kind=adminChange&text=Log Test Renamed');
    expect(list.body.data.items.length).toBeGreaterThanOrEqual(1);
    const [row] = list.body.data.items;
    expect(row).toMatchObject({ kind: 'adminChange', userLogin: 'kari', customerId: kari.customerId, hasChange: true });
    const detail = await ctx.call('GET', `/api/Log/${row.id}`, { token: tokens.admin });
    expect(detail.body.data.before).toMatchObject({ id, name: 'Log Test User' });
    expect(detail.body.data.after).toMatchObject({ id, name: 'Log Test Renamed' });
    expect(detail.body.data.data).toMatchObject({ entity: 'user', id });

    const set = await ctx.call('POST', '/api/userPassword', {
      token: tokens.kari,
      body: { userId: id, newPassword: 'A-New-Password-42!' },
    });
    expect(set.status).toBe(200);
    const changes = await log(`?kind=adminChange&text=Password of user ${id}`);
    expect(changes.body.data.items).toHaveLength(1);
    const all = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM app_log WHERE (data::text || coalesce(before::text, '') || coalesce(after::text, '')) LIKE '%A-New-Password-42!%'`,
    );
    expect(Number(all[0]?.n)).toBe(0);
  });

  it('records an unexpected error with its request id, never its body', async () => {
    const errors = await log('?kind=error');
    const before = errors.body.data.total;
    // A 500: the table the call reads is away for a moment (this file's own database).
    await ctx.database.db.execute(sql`ALTER TABLE downtimes RENAME TO downtimes_away`);
    try {
      const broken = await ctx.call('GET', '/api/Downtimes', { token: tokens.admin });
      expect(broken.status).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE downtimes_away RENAME TO downtimes`);
    }
    const after = await log('?kind=error');
    expect(after.body.data.total).toBe(before + 1);
    const [row] = after.body.data.items;
    expect(row).toMatchObject({ kind: 'error', level: 'error', requestId: expect.any(String), userLogin: 'admin' });
    const detail = await ctx.call('GET', `/api/Log/${row.id}`, { token: tokens.admin });
    expect(detail.body.data.data).toMatchObject({ method: 'GET', route: '/api/Downtimes' });
  });

  it('filters by time, kind, level, user and text, pages newest first and counts', async () => {
    const all = await log('?count=500');
    const items = all.body.data.items as { id: number; createdAt: string }[];
    expect(items.map((i) => i.createdAt)).toEqual([...items.map((i) => i.createdAt)].sort().reverse());
    const page = await log('?count=2&offset=1');
    expect(page.body.data.items.map((i: { id: number }) => i.id)).toEqual(items.slice(1, 3).map((i) => i.id));
    expect(page.body.data.total).toBe(all.body.data.total);

    const future = await log('?from=2999-01-01');
    expect(future.body.data).toEqual({ items: [], total: 0 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`?from=${today}&to=${today}`)).body.data.total).toBeGreaterThan(0);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect((await log(`?from=${encodeURIComponent(hourAgo)}`)).body.data.total).toBeGreaterThan(0);

    const warn = await log('?level=warn');
    expect(warn.body.data.items.every((i: { level: string }) => i.level === 'warn')).toBe(true);
    const kari = await log('?user=kari');
    expect(kari.body.data.items.length).toBeGreaterThan(0);
    expect(
      kari.body.data.items.every(
        (i: { userLogin: string; loginUserLogin: string }) => i.userLogin === 'kari' || i.loginUserLogin === 'kari',
      ),
    ).toBe(true);

    const bad = await log('?from=2026-02-30&kind=nothing&to=2020-01-01');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['from', 'kind']));
    const reversed = await log('?from=2026-05-02&to=2026-05-01');
    expect(reversed.status).toBe(400);
    expect(reversed.body.error.fields.to).toBeTruthy();
    expect((await ctx.call('GET', '/api/Log/999999999', { token: tokens.admin })).status).toBe(404);
  });

  it('keeps rows LOG_RETENTION_DAYS days: the job deletes older ones, once across processes', async () => {
    await ctx.database.db.execute(sql`INSERT INTO app_log (level, kind, message, created_at)
      SELECT 'info', 'job', 'old row ' || n, now() - interval '100 days' FROM generate_series(1, 5) AS n`);
    await ctx.database.db.execute(sql`INSERT INTO app_log (level, kind, message, created_at)
      VALUES ('info', 'job', 'recent row', now() - interval '80 days')`);
    const [a, b] = await Promise.all([deleteOldLogRows(ctx.database.db, 90), deleteOldLogRows(ctx.database.db, 90)]);
    expect((a ?? 0) + (b ?? 0)).toBe(5);
    expect((await log('?text=old row')).body.data.total).toBe(0);
    expect((await log('?text=recent row')).body.data.total).toBe(1);
    expect(await deleteOldLogRows(ctx.database.db, 30)).toBe(1);
  });
});
