/**
 * Acting as, and on, other users (issue 20; docs/company-users.md, "Acting as or on another
 * user"): a switch never gives more than the signed-in user has, and no admin takes over an
 * account stronger than their own. The provider's own customer admin cannot become a global
 * admin by switching (nor through a session that acts as one); a customer admin without finance
 * cannot switch to, set the password of, send a link to or change the e-mail of an admin with
 * it; nor one of a lower report level act as a user of a higher one (another customer's
 * invoices); a location-level admin stays within their locations. A global admin acting as a
 * customer's user still does, with that user's rights. The sweep of every route that names a
 * user over every user is acting-on-users.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { hashToken } from '../src/plugins/auth.js';
import { createProviderAdmin, createUser, demoUser, newUserBody, type TestUser } from './acting-users.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const en = translator('en-US');
type Who = TestUser;

describe.each(backends)('acting as and on other users (%s)', (kind) => {
  let ctx: TestContext;
  let admin: Who;
  let kari: Who;
  /** The provider's own customer admin (no global admin, no finance, Customer report level). */
  let providerAdmin: Who;
  /** A customer admin of kari's customer without finance and with two tasks. */
  let weakAdmin: Who;

  const call = (who: Who, method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, url, { token: who.token, body });
  /** The session status read afresh (a POST skips the short session cache). */
  const status = async (who: Who) => (await call(who, 'POST', '/api/Actions', ['Status'])).body.data[0];
  const newUser = newUserBody;
  const create = (by: Who, body: ReturnType<typeof newUser>) => createUser(ctx, by.token, body);
  const userCount = async () => Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM users`))[0]?.n);

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    await ctx.database.db.execute(sql`UPDATE users SET language = 'en-US' WHERE login_name IN ('admin', 'kari')`);
    admin = await demoUser(ctx, 'admin');
    kari = await demoUser(ctx, 'kari');
    providerAdmin = await createProviderAdmin(ctx, admin);
    weakAdmin = await create(kari, newUser(kari.locationId, { isCustomerAdmin: true, reportLevel: 1, tasks: ['ORDER', 'REPORTS'] }));
  });
  afterAll(() => ctx.close());

  describe("the provider's own customer admin", () => {
    it('is not offered, and cannot switch to, a global admin (403), and keeps none of their powers', async () => {
      const offered = await call(providerAdmin, 'GET', `/api/Users?customerId=${providerAdmin.customerId}&isActive=true`);
      expect(offered.status).toBe(200);
      const ids = offered.body.data.map((u: { id: number }) => u.id);
      expect(ids).toContain(providerAdmin.id);
      expect(ids).not.toContain(admin.id);

      const before = await userCount();
      const refused = await call(providerAdmin, 'POST', '/api/status', { userId: admin.id });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ type: 'RIGHTS_EXCEEDED', message: en('errors.RIGHTS_EXCEEDED') });
      expect((await status(providerAdmin)).user.id).toBe(providerAdmin.id);
      await expectNoGlobalPowers(providerAdmin);
      expect(await userCount()).toBe(before);
    });

    it('gets no global admin out of a session that acts as one: it acts as the signed-in user again', async () => {
      // However a session came to act as a global admin, the acting user holds nothing the signed-in one lacks.
      await ctx.database.db.execute(
        sql`UPDATE sessions SET acting_user_id = ${admin.id} WHERE token_hash = ${hashToken(providerAdmin.token)}`,
      );
      const now = await status(providerAdmin);
      expect(now.user.id).toBe(providerAdmin.id);
      expect(now.loginUser.id).toBe(providerAdmin.id);
      expect(now.location.id).toBe(providerAdmin.locationId);
      await expectNoGlobalPowers(providerAdmin);
    });
  });

  /** The global admin's calls: the log, the caches, publishing, and making a global admin. */
  async function expectNoGlobalPowers(who: Who) {
    const before = await userCount();
    expect((await call(who, 'GET', '/api/Log')).status).toBe(403);
    expect((await call(who, 'GET', '/api/Caches')).status).toBe(403);
    const publish = { type: 'messages', texts: { 'en-US': { title: 'Taken over', text: 'Taken over' } } };
    expect((await call(who, 'POST', '/api/Messages', publish)).status).toBe(403);
    const globalAdmin = await call(who, 'POST', '/api/Users', newUser(who.locationId, { isGlobalAdmin: true }));
    expect(globalAdmin.status).toBe(403);
    expect(await userCount()).toBe(before);
  }

  describe('a customer admin without the finance permission and an admin with it (kari)', () => {
    it('neither offers nor switches to her (403)', async () => {
      const offered = await call(weakAdmin, 'GET', `/api/Users?customerId=${kari.customerId}&isActive=true`);
      expect(offered.body.data.map((u: { id: number }) => u.id)).not.toContain(kari.id);
      const refused = await call(weakAdmin, 'POST', '/api/status', { userId: kari.id });
      expect(refused.status).toBe(403);
      expect(refused.body.error.type).toBe('RIGHTS_EXCEEDED');
      expect((await status(weakAdmin)).user.id).toBe(weakAdmin.id);
    });

    it('sets no password, sends no link, changes no e-mail of hers and does not deactivate her (403, nothing written)', async () => {
      const stored = async () =>
        (
          await rows<{ email: string; hash: string; active: boolean }>(
            ctx.database.db,
            sql`SELECT email, password_hash AS hash, is_active AS active FROM users WHERE id = ${kari.id}`,
          )
        )[0];
      const mails = async () =>
        Number(
          (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM email_archive WHERE to_user_id = ${kari.id}`))[0]
            ?.n,
        );
      const before = { user: await stored(), mails: await mails() };
      const refusals = [
        await call(weakAdmin, 'POST', '/api/userPassword', { userId: kari.id, newPassword: 'taken-over-1' }),
        await call(weakAdmin, 'POST', '/api/UserPasswordLink', { userId: kari.id }),
        await call(weakAdmin, 'GET', `/api/user?id=${kari.id}`),
        await call(weakAdmin, 'POST', '/api/user', {
          userId: kari.id,
          name: 'Kari Nordmann',
          phone: '+47 1',
          email: 'evil@example.com',
          language: 'nb-NO',
        }),
      ];
      for (const refused of refusals) {
        expect(refused.status).toBe(403);
        expect(refused.body.error.type).toBe('RIGHTS_EXCEEDED');
      }
      const list = await call(weakAdmin, 'GET', '/api/CompanyUsers');
      const karisRow = list.body.data.users.find((u: { id: number }) => u.id === kari.id);
      expect(karisRow.withinRights).toBe(false);
      expect(list.body.data.users.find((u: { id: number }) => u.id === weakAdmin.id).withinRights).toBe(true);
      const { customerId: _c, locationName: _l, lastLoginAt: _a, withinRights: _w, ...body } = karisRow;
      for (const change of [{ email: 'evil@example.com' }, { isActive: false }]) {
        const refused = await call(weakAdmin, 'POST', '/api/Users', { ...body, phone: body.phone ?? '', ...change });
        expect(refused.status).toBe(403);
        expect(refused.body.error.type).toBe('RIGHTS_EXCEEDED');
        // kari holds the finance permission and every task; the admin neither.
        expect(refused.body.error.fields).toEqual({
          financeReport: en('companyUsers.strongerAccount'),
          tasks: en('companyUsers.strongerAccount'),
        });
      }
      expect({ user: await stored(), mails: await mails() }).toEqual(before);
      expect((await ctx.call('POST', '/api/Login', { body: { userLoginName: 'kari', password: 'demo1234' } })).status).toBe(200);
    });

    it('acts as a weaker user, who gaining a right meanwhile ends the acting: the session acts as the admin again', async () => {
      const clerk = await create(weakAdmin, newUser(kari.locationId, { tasks: ['REPORTS'] }));
      expect((await call(weakAdmin, 'POST', '/api/status', { userId: clerk.id })).status).toBe(200);
      expect((await status(weakAdmin)).user.id).toBe(clerk.id);
      // A global admin gives the clerk the finance permission while the admin acts as her.
      await ctx.database.db.execute(sql`UPDATE users SET finance_report = true WHERE id = ${clerk.id}`);
      const now = await status(weakAdmin);
      expect(now.user.id).toBe(weakAdmin.id);
      const to = new Date().toISOString().slice(0, 10);
      expect((await call(weakAdmin, 'GET', `/api/Invoices?type=pooling&from=2000-01-01&to=${to}`)).status).toBe(403);
    });
  });

  it('a customer admin does not act as a user of a higher report level, nor reads the invoices that level shows', async () => {
    // A colleague of kari's made a customer admin at the chain level by a global admin.
    const chain = await create(kari, newUser(kari.locationId, { isCustomerAdmin: true, reportLevel: 1, financeReport: true }));
    await ctx.database.db.execute(sql`UPDATE users SET report_level = 2 WHERE id = ${chain.id}`);
    const [invoice] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT i.id FROM invoices i JOIN customers c ON c.id = i.customer_id
          WHERE c.customer_id_corporate = (SELECT customer_id_corporate FROM customers WHERE id = ${kari.customerId})
            AND c.id <> ${kari.customerId} ORDER BY i.id LIMIT 1`,
    );
    expect(invoice, "an invoice of another customer of kari's group").toBeDefined();
    expect((await call(chain, 'GET', `/api/Invoices/${invoice?.id}`)).status).toBe(200);

    const refused = await call(kari, 'POST', '/api/status', { userId: chain.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe('RIGHTS_EXCEEDED');
    expect((await call(kari, 'GET', `/api/Invoices/${invoice?.id}`)).status).toBe(404);
    const link = await call(kari, 'POST', '/api/UserPasswordLink', { userId: chain.id });
    expect(link.status).toBe(403);
  });

  it('a location-level admin acts only as users of their locations and gives no other location', async () => {
    const [other] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM locations WHERE customer_id = ${kari.customerId} AND id <> ${kari.locationId} AND status_id = 1 ORDER BY id LIMIT 1`,
    );
    const local = await create(kari, newUser(kari.locationId, { isCustomerAdmin: true }));
    const elsewhere = await create(kari, newUser(Number(other?.id)));
    const refused = await call(local, 'POST', '/api/status', { userId: elsewhere.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error.type).toBe('RIGHTS_EXCEEDED');
    const given = await call(local, 'POST', '/api/Users', newUser(Number(other?.id)));
    expect(given.status).toBe(403);
    expect(given.body.error.fields).toEqual({ locationId: en('companyUsers.locationNotHeld') });
    const here = await create(local, newUser(kari.locationId));
    expect((await call(local, 'POST', '/api/status', { userId: here.id })).status).toBe(200);
  });

  it('a global admin with the returns-scheme flag still acts as a customer’s user, with that user’s rights, and returns', async () => {
    await ctx.database.db.execute(sql`UPDATE users SET is_return_scheme = true WHERE id = ${admin.id}`);
    try {
      const token = await ctx.login('admin');
      const as = (method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, url, { token, body });
      expect((await as('GET', '/api/Log')).status).toBe(200);
      const acting = await as('POST', '/api/status', { userId: kari.id });
      expect(acting.status).toBe(200);
      expect(acting.body.data).toMatchObject({ user: { id: kari.id }, loginUser: { id: admin.id }, customer: { id: kari.customerId } });
      expect((await as('POST', '/api/Actions', ['Status'])).body.data[0].user.id).toBe(kari.id);
      // Acting as kari, the admin has kari's rights (docs/domain.md, "Switching").
      expect((await as('GET', '/api/Log')).status).toBe(403);
      expect((await as('GET', '/api/CompanyUsers')).status).toBe(200);
      expect((await as('POST', '/api/status', { userId: admin.id })).body.data.user.id).toBe(admin.id);
      expect((await as('GET', '/api/Log')).status).toBe(200);
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET is_return_scheme = false WHERE id = ${admin.id}`);
    }
  });
});
