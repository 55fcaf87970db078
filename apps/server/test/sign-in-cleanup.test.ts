import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { deleteExpiredSignIns } from '../src/modules/auth/cleanup.js';
import { startScheduler } from '../src/modules/scheduled/scheduler.js';
import { hashToken } from '../src/plugins/auth.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('the sign-in clean-up (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file touches sign-ins and throttles only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  const sessionRows = async (token: string) =>
    (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM sessions WHERE token_hash = ${hashToken(token)}`))[0]?.n;
  const throttleRows = async (loginName: string) =>
    (
      await rows<{ n: number }>(
        ctx.database.db,
        sql`SELECT (SELECT count(*) FROM login_throttle WHERE login_name = ${loginName})
                 + (SELECT count(*) FROM login_delay WHERE login_name = ${loginName}) AS n`,
      )
    )[0]?.n;
  const failSignIn = (loginName: string) =>
    ctx.call('POST', '/api/Login', { body: { userLoginName: loginName, password: 'not-the-password' } });

  it('deletes expired and signed-out sessions and old failed sign-ins, in several processes at once, and keeps the rest', async () => {
    const live = await ctx.login('kari');
    const signedOut = await ctx.login('ole');
    await ctx.call('POST', '/api/logout', { token: signedOut });
    const expired = await ctx.login('lise');
    await ctx.database.db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashToken(expired)}`,
    );
    expect((await failSignIn('admin')).status).toBe(401);
    expect((await failSignIn('mikko')).status).toBe(401);
    // admin's failure is two hours old: past both windows of the throttle.
    await ctx.database.db.execute(sql`UPDATE login_throttle SET last_failure_at = now() - interval '2 hours' WHERE login_name = 'admin'`);
    await ctx.database.db.execute(
      sql`UPDATE login_delay SET last_attempt_at = now() - interval '2 hours', next_attempt_at = now() - interval '2 hours' WHERE login_name = 'admin'`,
    );

    // Two processes' ticks at once: each row is deleted once.
    const [a, b] = await Promise.all([deleteExpiredSignIns(ctx.database.db), deleteExpiredSignIns(ctx.database.db)]);
    expect((a?.sessions ?? 0) + (b?.sessions ?? 0)).toBeGreaterThanOrEqual(2);
    expect(await sessionRows(signedOut)).toBe(0);
    expect(await sessionRows(expired)).toBe(0);
    expect(await throttleRows('admin')).toBe(0);
    // A live session and a recent failure stay.
    expect(await sessionRows(live)).toBe(1);
    expect((await ctx.call('GET', '/api/Orders', { token: live })).status).toBe(200);
    expect(await throttleRows('mikko')).toBe(2);
    expect(await deleteExpiredSignIns(ctx.database.db)).toEqual({ sessions: 0, throttleRows: 0, rememberedRows: 0 });
  });

  it('deletes known addresses and device marks past their 90 days, and trusted budgets whose hour has passed (issue 20)', async () => {
    const db = ctx.database.db;
    const mark = (await ctx.call('POST', '/api/Login', { body: { userLoginName: 'ingrid.solberg', password: 'demo1234' } })).body.data
      .deviceMark as string;
    await ctx.login('kari');
    const remembered = async (loginName: string) =>
      (
        await rows<{ addresses: number; devices: number }>(
          db,
          sql`SELECT (SELECT count(*)::int FROM login_addresses a JOIN users u ON u.id = a.user_id WHERE u.login_name = ${loginName}) AS addresses,
                (SELECT count(*)::int FROM login_devices d JOIN users u ON u.id = d.user_id WHERE u.login_name = ${loginName}) AS devices`,
        )
      )[0];
    expect(await remembered('ingrid.solberg')).toEqual({ addresses: 1, devices: 1 });
    const karis = await remembered('kari');
    expect(karis?.devices).toBeGreaterThan(0);
    // Ingrid's sign-in is 91 days old; Ingrid's trusted budget an hour old, Kari's fresh.
    await db.execute(sql`UPDATE login_addresses SET last_success_at = now() - interval '91 days'
      WHERE user_id = (SELECT id FROM users WHERE login_name = 'ingrid.solberg')`);
    await db.execute(sql`UPDATE login_devices SET last_used_at = now() - interval '91 days' WHERE mark_hash = ${hashToken(mark)}`);
    await db.execute(sql`INSERT INTO login_trusted (login_name, attempts, window_start)
      VALUES ('ingrid.solberg', 3, now() - interval '61 minutes'), ('kari', 2, now())
      ON CONFLICT (login_name) DO UPDATE SET attempts = EXCLUDED.attempts, window_start = EXCLUDED.window_start`);
    const [a, b] = await Promise.all([deleteExpiredSignIns(db), deleteExpiredSignIns(db)]);
    expect((a?.rememberedRows ?? 0) + (b?.rememberedRows ?? 0)).toBe(2);
    expect(await remembered('ingrid.solberg')).toEqual({ addresses: 0, devices: 0 });
    expect(await remembered('kari')).toEqual(karis);
    const budgets = await rows<{ loginName: string }>(db, sql`SELECT login_name AS "loginName" FROM login_trusted`);
    expect(budgets).toEqual([{ loginName: 'kari' }]);
  });

  it('runs with the scheduler’s tick', async () => {
    const token = await ctx.login('kari');
    await ctx.call('POST', '/api/logout', { token });
    const logged: string[] = [];
    const stop = startScheduler(
      ctx.database.db,
      { enabled: true, intervalMinutes: 60 },
      { log: (m: string) => logged.push(m), error: () => {} },
    );
    await stop();
    expect(await sessionRows(token)).toBe(0);
    expect(logged.some((line) => line.startsWith('Sign-in clean-up: 1 sessions'))).toBe(true);
  });
});
