/**
 * An API key does not change who can sign in (issue 20, "A leaked API key takes over its
 * account"; docs/api.md, "What a key cannot do"): with a key, the profile's email, a company
 * user's email or login name, a new user, a reactivated user, a new customer's administrator,
 * a password and a password link are refused (403, translated); the key's other work goes on.
 * Every password change, reset by link and admin's set revokes the user's keys as well as
 * their sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { linkTokenIn, outboxIdle, plainText, startTestMail } from './smtp.js';

/** ole and kari write Norwegian: the server answers a key in its user's language. */
const nb = translator('nb-NO');
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('API keys and identity (%s)', (kind) => {
  // No call of this file posts orders: the ledger cannot change.
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  const ids: Record<'kari' | 'ole', number> = { kari: 0, ole: 0 };

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    for (const u of await rows<{ id: number; loginName: 'kari' | 'ole' }>(
      ctx.database.db,
      sql`SELECT id, login_name AS "loginName" FROM users WHERE login_name IN ('kari', 'ole')`,
    ))
      ids[u.loginName] = Number(u.id);
  });
  afterAll(() => ctx.close());

  /** A new key of a user signed in with `token`. */
  const makeKey = async (token: string) => {
    const { status, body } = await ctx.call('POST', '/api/ApiKeys', { token, body: { name: 'ERP', expiresAt: daysAhead(30) } });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.token as string;
  };
  const emailOf = async (userId: number) =>
    (await rows<{ email: string }>(ctx.database.db, sql`SELECT email FROM users WHERE id = ${userId}`))[0]?.email;
  const refusedAsKey = (answer: { status: number; body: { error?: { fields?: Record<string, string> } } }, what: string) => {
    expect(answer.status, what).toBe(403);
    expect(answer.body.error?.fields?.authorization, what).toBe(nb('api.signInOnly'));
  };

  it('a key cannot change its own profile’s email (where a reset link would then go), but may change the rest', async () => {
    const key = await makeKey(tokens.ole);
    const profile = (await ctx.call('GET', '/api/user', { token: key })).body.data;
    const email = profile.email as string;
    const base = { userId: ids.ole, name: profile.name, phone: profile.phone, email, language: profile.language };
    refusedAsKey(await ctx.call('POST', '/api/user', { token: key, body: { ...base, email: 'attacker@evil.example' } }), 'email');
    expect(await emailOf(ids.ole)).toBe(email);
    // The same address in another case is no change.
    const renamed = await ctx.call('POST', '/api/user', {
      token: key,
      body: { ...base, name: 'Ole Hansen (ERP)', email: email.toUpperCase() },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Ole Hansen (ERP)');
    await ctx.call('POST', '/api/user', { token: key, body: base });
    // Nor a password, nor a link: refused before anything is read.
    refusedAsKey(
      await ctx.call('POST', '/api/userPassword', {
        token: key,
        body: { userId: ids.ole, oldPassword: 'demo1234', newPassword: 'taken-over-1' },
      }),
      'password',
    );
  });

  it('a customer admin’s key cannot create users, nor change a user’s email or login name, nor reactivate one', async () => {
    const key = await makeKey(tokens.kari);
    const users = (await ctx.call('GET', '/api/CompanyUsers', { token: key })).body.data.users as Record<string, unknown>[];
    const colleague = users.find((u) => u.id !== ids.kari && u.isActive === true) as Record<string, unknown>;
    const before = await rows(ctx.database.db, sql`SELECT count(*)::int AS n FROM users`);
    const created = await ctx.call('POST', '/api/Users', {
      token: key,
      body: { ...colleague, id: undefined, loginName: `key.made.${kind}`, email: 'key.made@evil.example' },
    });
    refusedAsKey(created, 'create');
    expect(await rows(ctx.database.db, sql`SELECT count(*)::int AS n FROM users`)).toEqual(before);
    refusedAsKey(await ctx.call('POST', '/api/Users', { token: key, body: { ...colleague, email: 'attacker@evil.example' } }), 'email');
    refusedAsKey(await ctx.call('POST', '/api/Users', { token: key, body: { ...colleague, loginName: 'attacker' } }), 'login name');
    expect(await emailOf(Number(colleague.id))).toBe(colleague.email);
    refusedAsKey(await ctx.call('POST', '/api/UserPasswordLink', { token: key, body: { userId: colleague.id } }), 'password link');
    // Other changes of the user go on with a key (an integration may keep its users' names and rights).
    const renamed = await ctx.call('POST', '/api/Users', { token: key, body: { ...colleague, name: 'Renamed by ERP' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Deactivating shuts someone out; reactivating lets them in again: that takes a sign-in.
    expect((await ctx.call('POST', '/api/Users', { token: key, body: { ...colleague, isActive: false } })).status).toBe(200);
    refusedAsKey(await ctx.call('POST', '/api/Users', { token: key, body: { ...colleague, isActive: true } }), 'reactivate');
    expect((await ctx.call('POST', '/api/Users', { token: tokens.kari, body: colleague })).status).toBe(200);
  });

  it('a global admin’s key cannot turn a new customer request into a customer and its administrator', async () => {
    const key = await makeKey(tokens.admin);
    const [request] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM new_customer_requests WHERE status = 'new' LIMIT 1`);
    const answer = await ctx.call('POST', '/api/NewCustomerRequestConversion', {
      token: key,
      body: {
        id: Number(request?.id),
        customerType: 'supplier',
        locationNumber: '99123',
        locationTypeId: 'LEV',
        isPooling: true,
        isCommission: false,
        loginName: `converted.${kind}`,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.body.error.fields.authorization).toBe(nb('api.signInOnly'));
    const [still] = await rows<{ status: string }>(
      ctx.database.db,
      sql`SELECT status FROM new_customer_requests WHERE id = ${request?.id}`,
    );
    expect(still?.status).toBe('new');
  });

  it('changing one’s own password revokes one’s keys; the session that changed it stays', async () => {
    const key = await makeKey(tokens.ole);
    expect((await ctx.call('GET', '/api/Inventory', { token: key })).status).toBe(200);
    const change = (oldPassword: string, newPassword: string) =>
      ctx.call('POST', '/api/userPassword', { token: tokens.ole, body: { userId: ids.ole, oldPassword, newPassword } });
    expect((await change('demo1234', 'sommer-2026')).status).toBe(200);
    expect((await ctx.call('GET', '/api/Inventory', { token: key })).status).toBe(401);
    const listed = (await ctx.call('GET', '/api/ApiKeys', { token: tokens.ole })).body.data as { prefix: string; state: string }[];
    expect(listed.find((k) => k.prefix === key.slice(0, 12))?.state).toBe('revoked');
    expect(listed.every((k) => k.state !== 'active')).toBe(true);
    // The log says which keys the change revoked, and who changed the password.
    const [logged] = await rows<{ data: { action: string; ids: number[] } | string; loginUserId: number }>(
      ctx.database.db,
      sql`SELECT data, login_user_id AS "loginUserId" FROM app_log WHERE kind = 'apiKey' ORDER BY id DESC LIMIT 1`,
    );
    const data = typeof logged?.data === 'string' ? JSON.parse(logged.data) : logged?.data;
    expect(data.action).toBe('revokedByPassword');
    expect(data.ids.length).toBeGreaterThan(0);
    expect(Number(logged?.loginUserId)).toBe(ids.ole);
    expect((await change('sommer-2026', 'demo1234')).status).toBe(200);
  });

  it('an admin’s set and a reset by link revoke the user’s keys', async () => {
    const set = await makeKey(tokens.ole);
    expect(
      (await ctx.call('POST', '/api/userPassword', { token: tokens.admin, body: { userId: ids.ole, newPassword: 'vinter-2026' } })).status,
    ).toBe(200);
    expect((await ctx.call('GET', '/api/Inventory', { token: set })).status).toBe(401);

    tokens.ole = (await ctx.call('POST', '/api/Login', { body: { userLoginName: 'ole', password: 'vinter-2026' } })).body.data.token;
    const reset = await makeKey(tokens.ole);
    // The link as the user receives it, over SMTP (the archive's copy has no token: docs/accounts.md).
    const smtp = await startTestMail(ctx.database.db);
    let token = '';
    try {
      expect((await ctx.call('POST', '/api/UserPasswordLink', { token: tokens.admin, body: { userId: ids.ole } })).status).toBe(200);
      await outboxIdle(ctx.database.db);
      token = linkTokenIn(plainText(smtp.received.at(-1)?.raw ?? ''));
    } finally {
      await smtp.close();
    }
    expect(token).toHaveLength(43);
    expect((await ctx.call('POST', '/api/PasswordReset', { body: { token, newPassword: 'demo1234' } })).status).toBe(200);
    expect((await ctx.call('GET', '/api/Inventory', { token: reset })).status).toBe(401);
    tokens.ole = await ctx.login('ole');
  });
});
