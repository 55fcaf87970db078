/**
 * The password-link core (modules/accounts/password-link.ts; issue 9, "Forgot password"):
 * only the token's hash is stored, the mail goes to the user in their language with a link on
 * PUBLIC_URL (over a real SMTP server: the archive's copy has no token, issue 20), a link is
 * good once and until it expires, and every unusable link gets the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPublicUrl } from '../src/config.js';
import { rows, sql } from '../src/db/client.js';
import { AppError } from '../src/errors.js';
import { consumePasswordLink, hashLinkToken, issuePasswordLink } from '../src/modules/accounts/password-link.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { lastLinkTokenTo, outboxIdle, plainText, startTestMail, type TestSmtpServer } from './smtp.js';

interface MailRow {
  id: number;
  topic: string;
  toAddress: string;
  toUserId: number;
  subject: string;
  body: string;
  html: string;
}

describe('PUBLIC_URL', () => {
  it('is the base of links: the given http(s) address without a trailing slash, else localhost on PORT', () => {
    expect(readPublicUrl({})).toBe('http://localhost:3000');
    expect(readPublicUrl({ PORT: '8080' })).toBe('http://localhost:8080');
    expect(readPublicUrl({ PUBLIC_URL: 'https://portal.example.no/' })).toBe('https://portal.example.no');
    expect(readPublicUrl({ PUBLIC_URL: 'https://example.no/portal/' })).toBe('https://example.no/portal');
    expect(() => readPublicUrl({ PUBLIC_URL: 'portal.example.no' })).toThrow(/PUBLIC_URL/);
    expect(() => readPublicUrl({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => readPublicUrl({ PUBLIC_URL: 'https://example.no/?next=evil' })).toThrow(/PUBLIC_URL/);
  });
});

describe.each(backends)('password links (%s)', (kind) => {
  // No call of this file posts orders: the ledger cannot change.
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const userOf = async (loginName: string) =>
    (await rows<{ id: number; email: string }>(ctx.database.db, sql`SELECT id, email FROM users WHERE login_name = ${loginName}`))[0] as {
      id: number;
      email: string;
    };
  const mailOf = async (id: number | null) =>
    (
      await rows<MailRow>(
        ctx.database.db,
        sql`SELECT id, topic, to_address AS "toAddress", to_user_id AS "toUserId", subject, body, html FROM email_archive WHERE id = ${id}`,
      )
    )[0] as MailRow;
  const consume = (token: string) => ctx.database.db.transaction((tx) => consumePasswordLink(tx, token));
  const refusal = async (token: string) => {
    const error = await consume(token).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    return { code: (error as AppError).code, fields: (error as AppError).fields };
  };

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx.close();
  });
  /** Issues a link for a user and answers the archive id of its mail and the token the user received. */
  const issue = async (user: { id: number; email: string }, purpose: 'reset' | 'welcome', requestedFrom?: string) => {
    const mailId = await ctx.database.db.transaction((tx) => issuePasswordLink(tx, { userId: user.id, purpose, requestedFrom }));
    await outboxIdle(ctx.database.db);
    return { mailId, token: lastLinkTokenTo(smtp.received, user.email) };
  };

  it('stores only the hash, mails the link in the user language and lets it be used once', async () => {
    const ole = await userOf('ole');
    const { mailId, token } = await issue(ole, 'reset', '10.0.0.1');
    const mail = await mailOf(mailId);
    expect(mail).toMatchObject({ topic: 'passwordReset', toAddress: ole.email, toUserId: ole.id, subject: 'Tilbakestill passordet ditt' });
    // The archive keeps the mail without the token; the user gets the link.
    expect(mail.body).toContain('http://localhost:3000/reset-password?token=…');
    // The page opens in the recipient's language, as the mail is written (issue 20).
    expect(mail.body).toMatch(/\/reset-password\?token=…&lang=nb-NO\n/);
    expect(mail.body).toContain('gyldig i 1 time.');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(`${mail.body}${mail.html}`).not.toContain(token);
    const received = smtp.received.findLast((m) => m.to.includes(ole.email));
    expect(plainText(received?.raw ?? '')).toContain(`http://localhost:3000/reset-password?token=${token}`);

    const [link] = await rows<{ tokenHash: string; purpose: string; requestedFrom: string; minutes: number }>(
      ctx.database.db,
      sql`SELECT token_hash AS "tokenHash", purpose, requested_from AS "requestedFrom",
            round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
          FROM password_links WHERE user_id = ${ole.id} ORDER BY id DESC LIMIT 1`,
    );
    expect(link).toEqual({ tokenHash: hashLinkToken(token), purpose: 'reset', requestedFrom: '10.0.0.1', minutes: 60 });
    expect(link?.tokenHash).not.toContain(token);

    expect(await consume(token)).toEqual({ userId: ole.id, purpose: 'reset' });
    expect(await refusal(token)).toEqual({ code: 'VALIDATION', fields: { token: 'accounts.linkInvalid' } });
  });

  it('gives a welcome link 72 hours and its own wording', async () => {
    const mikko = await userOf('mikko');
    const { mailId, token } = await issue(mikko, 'welcome');
    const mail = await mailOf(mailId);
    expect(mail).toMatchObject({ topic: 'welcome', subject: 'Tervetuloa lavaportaaliin' });
    expect(mail.body).toContain('72 tuntia');
    expect(mail.body).toMatch(/\/reset-password\?token=…&lang=fi-FI\n/);
    expect(mail.html).toMatch(/\/reset-password\?token=…&amp;lang=fi-FI"/);
    expect(await consume(token)).toEqual({ userId: mikko.id, purpose: 'welcome' });
  });

  it('answers an expired, unknown or superseded link the same way', async () => {
    const kari = await userOf('kari');
    const issueKari = async () => (await issue(kari, 'reset')).token;
    const expired = await issueKari();
    await ctx.database.db.execute(
      sql`UPDATE password_links SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashLinkToken(expired)}`,
    );
    const same = { code: 'VALIDATION', fields: { token: 'accounts.linkInvalid' } };
    expect(await refusal(expired)).toEqual(same);
    expect(await refusal('x'.repeat(43))).toEqual(same);

    // Using one link ends the user's other unused links.
    const first = await issueKari();
    const second = await issueKari();
    await consume(second);
    expect(await refusal(first)).toEqual(same);
  });

  it('stores nothing for a user without an email address', async () => {
    const lise = await userOf('lise');
    await ctx.database.db.execute(sql`UPDATE users SET email = NULL WHERE id = ${lise.id}`);
    const before = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM password_links WHERE user_id = ${lise.id}`,
    );
    expect(await ctx.database.db.transaction((tx) => issuePasswordLink(tx, { userId: lise.id, purpose: 'reset' }))).toBeNull();
    expect(await rows(ctx.database.db, sql`SELECT count(*)::int AS n FROM password_links WHERE user_id = ${lise.id}`)).toEqual(before);
  });
});
