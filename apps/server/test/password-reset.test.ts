/**
 * Forgot and reset password (issue 9, "Forgot password"; docs/accounts.md): POST
 * PasswordResetRequest answers the same for every input and mails active users of active
 * customers only, at most 3 links an hour each, rate limited per address; POST PasswordLink and
 * POST PasswordReset take a link once and before it expires; the whole flow runs against a real
 * SMTP server, reading the link from the received mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { hashLinkToken } from '../src/modules/accounts/password-link.js';
import { RESET_REQUEST_LIMIT } from '../src/modules/accounts/routes.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { linkTokenIn, plainText, startTestMail, type TestSmtpServer, outboxIdle as waitForOutbox } from './smtp.js';

describe.each(backends)('password reset (%s)', (kind) => {
  // No call of this file posts orders: the ledger cannot change.
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let ip = 0;
  /** A call from its own client address unless one is given (the per-address limit). */
  const call = async (url: string, body: object, options: { token?: string; address?: string } = {}) => {
    ip++;
    const response = await ctx.app.inject({
      method: 'POST',
      url,
      remoteAddress: options.address ?? `10.8.${ip >> 8}.${ip & 255}`,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), 'accept-language': 'en-US' },
      payload: body,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const request = (userLoginName: string, address?: string) => call('/api/PasswordResetRequest', { userLoginName }, { address });
  const signIn = (userLoginName: string, password: string) => call('/api/Login', { userLoginName, password });
  const links = async (loginName: string) =>
    (
      await rows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM password_links WHERE user_id = (SELECT id FROM users WHERE login_name = ${loginName})`,
      )
    )[0]?.n ?? 0;
  /** The token of the last link mailed to a user, read from the mail the SMTP server received. */
  const lastLink = async (loginName: string) => {
    await outboxIdle();
    const [user] = await rows<{ email: string }>(ctx.database.db, sql`SELECT email FROM users WHERE login_name = ${loginName}`);
    const mail = smtp.received.findLast((m) => m.to.includes(String(user?.email)));
    return linkTokenIn(plainText(mail?.raw ?? ''));
  };
  const outboxIdle = () => waitForOutbox(ctx.database.db);

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    // The portal's SMTP delivery (nodemailer and the outbox) to a real SMTP server.
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx.close();
  });

  it('runs the whole flow over SMTP: request, the link in the mail, a new password, sign-in', async () => {
    const [mikko] = await rows<{ email: string }>(ctx.database.db, sql`SELECT email FROM users WHERE login_name = 'mikko'`);
    const session = (await signIn('mikko', 'demo1234')).body.data.token as string;
    // By email, in another case: the same user.
    expect(await request(String(mikko?.email).toUpperCase())).toEqual({ status: 200, body: { data: true } });
    await outboxIdle();
    const mail = smtp.received.find((m) => m.to.includes(String(mikko?.email)));
    expect(mail?.raw).toMatch(/^Subject: /m);
    const text = plainText(mail?.raw ?? '');
    expect(text).toContain('Käyttäjätunnus: mikko');
    const token = linkTokenIn(text);
    expect(token).toHaveLength(43);
    // Once sent, the archive keeps the mail without its token (docs/accounts.md).
    const [archived] = await rows<{ body: string; html: string }>(
      ctx.database.db,
      sql`SELECT body, html FROM email_archive WHERE topic = 'passwordReset' AND status = 'sent' ORDER BY id DESC LIMIT 1`,
    );
    expect(archived?.body).toContain('/reset-password?token=…');
    expect(`${archived?.body}${archived?.html}`).not.toContain(token);

    expect(await call('/api/PasswordLink', { token })).toEqual({ status: 200, body: { data: { purpose: 'reset' } } });
    const tooShort = await call('/api/PasswordReset', { token, newPassword: 'abc' });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.fields).toEqual({ newPassword: 'Use at least 7 characters' });

    expect(await call('/api/PasswordReset', { token, newPassword: 'kesä-2026' })).toEqual({
      status: 200,
      body: { data: { loginName: 'mikko' } },
    });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${session}` } })).statusCode).toBe(
      401,
    );
    expect((await signIn('mikko', 'demo1234')).status).toBe(401);
    expect((await signIn('mikko', 'kesä-2026')).status).toBe(200);

    // Single use.
    const again = await call('/api/PasswordReset', { token, newPassword: 'another-one' });
    expect(again.status).toBe(400);
    expect(again.body.error.fields).toEqual({ token: 'The reset password link is invalid or has expired' });
    expect((await call('/api/PasswordLink', { token })).status).toBe(400);
  });

  it('answers the same for an unknown account, an inactive user and a blocked customer, and mails none of them', async () => {
    const before = smtp.received.length;
    const unknown = await request('nobody-here');
    const [lise] = await rows<{ customerId: number }>(
      ctx.database.db,
      sql`SELECT customer_id AS "customerId" FROM users WHERE login_name = 'lise'`,
    );
    await ctx.database.db.execute(sql`UPDATE users SET is_active = false WHERE login_name = 'ole'`);
    await ctx.database.db.execute(sql`UPDATE customers SET status_id = 2 WHERE id = ${lise?.customerId}`);
    try {
      expect(await request('ole')).toEqual(unknown);
      expect(await request('LISE')).toEqual(unknown);
      expect(unknown).toEqual({ status: 200, body: { data: true } });
      expect(await links('ole')).toBe(0);
      expect(await links('lise')).toBe(0);
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET is_active = true WHERE login_name = 'ole'`);
      await ctx.database.db.execute(sql`UPDATE customers SET status_id = 1 WHERE id = ${lise?.customerId}`);
    }
    await outboxIdle();
    expect(smtp.received.length).toBe(before);
  });

  it('sends one account at most 3 links an hour, silently, and limits each address', async () => {
    for (let i = 0; i < 5; i++) expect(await request('kari')).toEqual({ status: 200, body: { data: true } });
    expect(await links('kari')).toBe(3);

    const address = '10.7.0.1';
    for (let i = 0; i < RESET_REQUEST_LIMIT.max; i++) expect((await request(`someone${i}`, address)).status).toBe(200);
    const limited = await request('someone', address);
    expect(limited.status).toBe(429);
    expect(limited.body.error.type).toBe('RATE_LIMITED');
    expect((await request('someone', '10.7.0.2')).status).toBe(200);
  });

  it('refuses an expired link with the same message', async () => {
    await request('admin');
    const token = await lastLink('admin');
    await ctx.database.db.execute(
      sql`UPDATE password_links SET expires_at = now() - interval '1 minute' WHERE token_hash = ${hashLinkToken(token)}`,
    );
    const expired = await call('/api/PasswordReset', { token, newPassword: 'vinter2026' });
    expect(expired.status).toBe(400);
    expect(expired.body.error.fields).toEqual({ token: 'The reset password link is invalid or has expired' });
    expect((await call('/api/PasswordReset', { token: 'not-a-token', newPassword: 'vinter2026' })).body.error.fields).toEqual(
      expired.body.error.fields,
    );
    expect((await signIn('admin', 'demo1234')).status).toBe(200);
  });

  it('is open to a signed-in user who has not confirmed GDPR', async () => {
    await ctx.database.db.execute(sql`UPDATE users SET confirmed_gdpr = false WHERE login_name = 'ole'`);
    const token = (await signIn('ole', 'demo1234')).body.data.token as string;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    expect((await call('/api/PasswordResetRequest', { userLoginName: 'ole' }, { token })).status).toBe(200);
    const link = await lastLink('ole');
    expect((await call('/api/PasswordLink', { token: link }, { token })).status).toBe(200);
    expect((await call('/api/PasswordReset', { token: link, newPassword: 'demo1234' }, { token })).status).toBe(200);
  });
});
