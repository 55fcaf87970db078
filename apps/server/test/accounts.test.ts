/**
 * My profile and passwords (issue 9; docs/accounts.md): GET/POST user, POST userPassword (own,
 * with the old password; an admin's, without) and POST UserPasswordLink, with scope for the demo
 * users (kari administers her own customer, ole is no admin, admin administers everyone), field
 * messages for bad input, and the revocation of sessions when a password changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const REQUIRED_NB = 'Påkrevd';

describe.each(backends)('accounts (%s)', (kind) => {
  // No call of this file posts orders: the ledger cannot change.
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  const ids: Record<'admin' | 'kari' | 'ole' | 'colleague' | 'colleague2', number> = {
    admin: 0,
    kari: 0,
    ole: 0,
    colleague: 0,
    colleague2: 0,
  };
  const logins: Record<'colleague' | 'colleague2', string> = { colleague: '', colleague2: '' };
  let ip = 0;
  /** A call from its own client address, so the per-address limits of one test do not reach another. */
  const call = async (token: string | null, method: 'GET' | 'POST', url: string, body?: object) => {
    ip++;
    const response = await ctx.app.inject({
      method,
      url,
      remoteAddress: `10.9.${ip >> 8}.${ip & 255}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en-US' },
      ...(body ? { payload: body } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
  const signIn = (userLoginName: string, password: string) => call(null, 'POST', '/api/Login', { userLoginName, password });
  const archived = async (userId: number) =>
    rows<{ topic: string; body: string }>(
      ctx.database.db,
      sql`SELECT topic, body FROM email_archive WHERE to_user_id = ${userId} ORDER BY id`,
    );

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    const users = await rows<{ id: number; loginName: string }>(
      ctx.database.db,
      sql`SELECT id, login_name AS "loginName" FROM users
          WHERE login_name IN ('admin', 'kari', 'ole')
             OR (customer_id = (SELECT customer_id FROM users WHERE login_name = 'kari') AND login_name <> 'kari' AND is_active)
          ORDER BY (login_name IN ('admin', 'kari', 'ole')) DESC, id`,
    );
    for (const u of users) if (u.loginName in ids) ids[u.loginName as 'admin'] = Number(u.id);
    const [c1, c2] = users.filter((u) => !['admin', 'kari', 'ole'].includes(u.loginName));
    if (!c1 || !c2) throw new Error('kari needs two colleagues in the demo data');
    [ids.colleague, logins.colleague, ids.colleague2, logins.colleague2] = [Number(c1.id), c1.loginName, Number(c2.id), c2.loginName];
  });
  afterAll(() => ctx.close());

  it('reads the own profile, and another user only for an admin of that user', async () => {
    const own = await call(tokens.ole, 'GET', '/api/user');
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({
      id: ids.ole,
      loginName: 'ole',
      name: 'Ole Hansen',
      language: 'nb-NO',
      customerName: 'Tinde Bryggeri AS',
    });
    expect((await call(tokens.ole, 'GET', `/api/user?id=${ids.ole}`)).body.data.id).toBe(ids.ole);
    expect((await call(tokens.ole, 'GET', `/api/user?id=${ids.kari}`)).status).toBe(404);
    expect((await call(tokens.kari, 'GET', `/api/user?id=${ids.colleague}`)).body.data.id).toBe(ids.colleague);
    expect((await call(tokens.kari, 'GET', `/api/user?id=${ids.ole}`)).status).toBe(404);
    expect((await call(tokens.kari, 'GET', '/api/user?id=999999')).status).toBe(404);
    expect((await call(tokens.admin, 'GET', `/api/user?id=${ids.ole}`)).body.data.loginName).toBe('ole');
    expect((await call(null, 'GET', '/api/user')).status).toBe(401);
  });

  it('saves the profile; bad input answers 400 with translated field messages and changes nothing', async () => {
    const profile = {
      userId: ids.ole,
      name: 'Ole K. Hansen',
      phone: '+47 912 34 567',
      email: ' Ole.Hansen@Tinde.example ',
      language: 'en-US',
    };
    const saved = await call(tokens.ole, 'POST', '/api/user', profile);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      name: 'Ole K. Hansen',
      phone: '+47 912 34 567',
      email: 'Ole.Hansen@Tinde.example',
      language: 'en-US',
    });
    // The session speaks the stored language at once.
    expect((await call(tokens.ole, 'GET', '/api/Language')).body.data.language).toBe('en-US');

    const bad = await call(tokens.ole, 'POST', '/api/user', { ...profile, name: 'Changed', phone: '', email: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({ phone: 'Required', email: 'Enter a valid email address' });
    const letters = await call(tokens.ole, 'POST', '/api/user', { ...profile, name: 'Changed', phone: 'call me' });
    expect(letters.body.error.fields.phone).toMatch(/^Enter a phone number/);
    expect((await call(tokens.ole, 'GET', '/api/user')).body.data.name).toBe('Ole K. Hansen');

    // Back to Norwegian, as the demo has him.
    await call(tokens.ole, 'POST', '/api/user', { ...profile, name: 'Ole Hansen', language: 'nb-NO' });
    // Someone else's profile: ole may not (404), kari only for her own customer, admin anyone.
    const kariEdit = {
      userId: ids.colleague,
      name: 'Renamed Colleague',
      phone: '+47 900 00 000',
      email: 'colleague@fjordland.example',
      language: 'nb-NO',
    };
    expect((await call(tokens.ole, 'POST', '/api/user', kariEdit)).status).toBe(404);
    expect((await call(tokens.kari, 'POST', '/api/user', { ...kariEdit, userId: ids.ole })).status).toBe(404);
    expect((await call(tokens.kari, 'POST', '/api/user', kariEdit)).body.data.name).toBe('Renamed Colleague');
  });

  it('changes the own password: the old one must match, the other sessions end, this one stays', async () => {
    const other = (await signIn('ole', 'demo1234')).body.data.token as string;
    expect((await call(other, 'GET', '/api/user')).status).toBe(200);

    const wrong = await call(tokens.ole, 'POST', '/api/userPassword', {
      userId: ids.ole,
      oldPassword: 'guess123',
      newPassword: 'sommer2026',
    });
    expect(wrong.status).toBe(400);
    // In ole's language (the session's, before Accept-Language).
    expect(wrong.body.error.fields).toEqual({ oldPassword: 'Passordet kunne ikke endres' });
    const short = await call(tokens.ole, 'POST', '/api/userPassword', { userId: ids.ole, oldPassword: 'demo1234', newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.fields).toEqual({ newPassword: 'Bruk minst 7 tegn' });
    const withoutOld = await call(tokens.ole, 'POST', '/api/userPassword', { userId: ids.ole, newPassword: 'sommer2026' });
    expect(withoutOld.body.error.fields).toEqual({ oldPassword: REQUIRED_NB });
    expect((await call(other, 'GET', '/api/user')).status).toBe(200);

    const changed = await call(tokens.ole, 'POST', '/api/userPassword', {
      userId: ids.ole,
      oldPassword: 'demo1234',
      newPassword: 'sommer2026',
    });
    expect(changed.status).toBe(200);
    expect((await call(other, 'GET', '/api/user')).status).toBe(401);
    const mine = await call(tokens.ole, 'GET', '/api/user');
    expect(mine.status).toBe(200);
    expect(mine.body.data.passwordChangedAt).not.toBeNull();
    expect((await signIn('ole', 'demo1234')).status).toBe(401);
    expect((await signIn('ole', 'sommer2026')).status).toBe(200);
    // And back, for the other tests of the file.
    await call(tokens.ole, 'POST', '/api/userPassword', { userId: ids.ole, oldPassword: 'sommer2026', newPassword: 'demo1234' });
  });

  it("lets an admin set a user's password (all that user's sessions end), within the admin's reach only", async () => {
    const colleagueSession = (await signIn(logins.colleague, 'demo1234')).body.data.token as string;
    const set = (token: string, userId: number) => call(token, 'POST', '/api/userPassword', { userId, newPassword: 'vinter2026' });

    expect((await set(tokens.ole, ids.colleague)).status).toBe(403);
    expect((await set(tokens.kari, ids.ole)).status).toBe(404);
    expect((await set(tokens.kari, ids.admin)).status).toBe(404);
    expect((await call(colleagueSession, 'GET', '/api/user')).status).toBe(200);

    expect((await set(tokens.kari, ids.colleague)).status).toBe(200);
    expect((await call(colleagueSession, 'GET', '/api/user')).status).toBe(401);
    expect((await signIn(logins.colleague, 'vinter2026')).status).toBe(200);
    // The admin's own session is untouched.
    expect((await call(tokens.kari, 'GET', '/api/user')).status).toBe(200);

    expect((await set(tokens.admin, ids.ole)).status).toBe(200);
    expect((await signIn('ole', 'vinter2026')).status).toBe(200);
    expect((await call(tokens.ole, 'GET', '/api/user')).status).toBe(401);
    tokens.ole = (await signIn('ole', 'vinter2026')).body.data.token;
    await call(tokens.ole, 'POST', '/api/userPassword', { userId: ids.ole, oldPassword: 'vinter2026', newPassword: 'demo1234' });
  });

  it("keeps a global admin's account from a customer admin", async () => {
    await ctx.database.db.execute(sql`UPDATE users SET is_global_admin = true WHERE id = ${ids.colleague2}`);
    try {
      expect((await call(tokens.kari, 'POST', '/api/userPassword', { userId: ids.colleague2, newPassword: 'vinter2026' })).status).toBe(
        403,
      );
      expect((await call(tokens.kari, 'POST', '/api/UserPasswordLink', { userId: ids.colleague2 })).status).toBe(403);
      expect((await call(tokens.kari, 'GET', `/api/user?id=${ids.colleague2}`)).status).toBe(403);
      expect((await call(tokens.admin, 'POST', '/api/UserPasswordLink', { userId: ids.colleague2 })).status).toBe(200);
      // Nor may she read that link in her company's email archive.
      const archive = (token: string) => call(token, 'GET', `/api/EmailArchive?topic=passwordReset&toUserId=${ids.colleague2}`);
      expect((await archive(tokens.admin)).body.data.total).toBe(1);
      expect((await archive(tokens.kari)).body.data.total).toBe(0);
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET is_global_admin = false WHERE id = ${ids.colleague2}`);
    }
  });

  it('emails a reset link on an admin’s request, within the admin’s reach only', async () => {
    const link = (token: string, userId: number) => call(token, 'POST', '/api/UserPasswordLink', { userId });
    const before = (await archived(ids.colleague2)).length;
    expect((await link(tokens.ole, ids.colleague2)).status).toBe(403);
    expect((await link(tokens.kari, ids.ole)).status).toBe(404);
    expect((await link(tokens.kari, ids.colleague2)).status).toBe(200);
    const mails = (await archived(ids.colleague2)).slice(before);
    expect(mails.map((m) => m.topic)).toEqual(['passwordReset']);
    // The archive shows the link without its token (issue 20; only SMTP gets it: mail-outbox.test.ts).
    expect(mails[0]?.body).toContain('/reset-password?token=…');
    expect(mails[0]?.body).not.toMatch(/token=[A-Za-z0-9_-]{43}/);
    expect((await link(tokens.admin, ids.ole)).status).toBe(200);

    await ctx.database.db.execute(sql`UPDATE users SET email = NULL WHERE id = ${ids.colleague2}`);
    const none = await link(tokens.kari, ids.colleague2);
    expect(none.status).toBe(400);
    // In kari's language (the session's, before Accept-Language).
    expect(none.body.error.fields).toEqual({ userId: 'Brukeren har ingen e-postadresse. Legg inn en før du sender en lenke.' });
  });

  it('tells the old address of a changed email, in the user’s language and without a link; the same address in another case is no change', async () => {
    const notices = (address: string) =>
      rows<{ subject: string; body: string; html: string; toUserId: number }>(
        ctx.database.db,
        sql`SELECT subject, body, html, to_user_id AS "toUserId" FROM email_archive
            WHERE topic = 'emailChanged' AND lower(to_address) = lower(${address}) ORDER BY id`,
      );
    const profile = (await call(tokens.ole, 'GET', '/api/user')).body.data;
    const old = profile.email as string;
    const base = { userId: ids.ole, name: profile.name, phone: profile.phone, language: profile.language };
    expect((await call(tokens.ole, 'POST', '/api/user', { ...base, email: old.toUpperCase() })).status).toBe(200);
    expect(await notices(old)).toEqual([]);
    expect((await call(tokens.ole, 'POST', '/api/user', { ...base, email: 'ole.ny@tinde.example' })).status).toBe(200);
    const [notice, ...more] = await notices(old);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ subject: 'E-postadressen til brukeren din er endret', toUserId: ids.ole });
    expect(notice?.body).toContain('ole.ny@tinde.example');
    expect(notice?.body).toContain('brukeren ole ');
    expect(`${notice?.body}${notice?.html}`).not.toMatch(/token|https?:/);
    expect(await notices('ole.ny@tinde.example')).toEqual([]);

    // An admin's change of a user's email in My company > Users is told to the old address too.
    const users = (await call(tokens.kari, 'GET', '/api/CompanyUsers')).body.data.users as Record<string, unknown>[];
    const colleague = users.find((u) => u.id === ids.colleague) as Record<string, unknown>;
    const saved = await call(tokens.kari, 'POST', '/api/Users', { ...colleague, email: 'new.address@fjordland.example' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await notices(String(colleague.email))).map((n) => n.toUserId)).toEqual([ids.colleague]);
  });
});
