/**
 * My company > Users (issue 9): the users of a customer (docs/company-users.md; the company
 * information and logo: company.test.ts). kari administers Fjordland Dagligvare; ole and lise administer
 * nothing; admin is a global admin. A customer admin cannot give more than she holds; bad input
 * answers 400 and writes nothing; another customer's user is as missing as a missing one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { lastLinkTokenTo, outboxIdle, startTestMail } from './smtp.js';

/** The demo users write Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');

describe.each(backends)('my company (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'lise', string> = { admin: '', kari: '', ole: '', lise: '' };
  let kari: { id: number; customerId: number; locationId: number };
  let ole: { id: number; customerId: number; locationId: number };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'lise'] as const) tokens[name] = await ctx.login(name);
    const user = async (login: string) => {
      const [u] = await rows<{ id: number; customerId: number; locationId: number }>(
        ctx.database.db,
        sql`SELECT id, customer_id AS "customerId", location_id AS "locationId" FROM users WHERE login_name = ${login}`,
      );
      return { id: Number(u?.id), customerId: Number(u?.customerId), locationId: Number(u?.locationId) };
    };
    kari = await user('kari');
    ole = await user('ole');
  });
  afterAll(() => ctx.close());

  const count = async (table: 'users' | 'user_locations' | 'user_tasks' | 'user_roles') =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);
  const counts = async () => ({
    users: await count('users'),
    locations: await count('user_locations'),
    tasks: await count('user_tasks'),
    roles: await count('user_roles'),
  });
  let serial = 0;
  /** A new user's fields, for kari's customer unless changed. */
  const newUser = (overrides: Record<string, unknown> = {}) => {
    serial += 1;
    return {
      name: `Test User ${serial}`,
      loginName: `test.user.${kind}.${serial}`,
      phone: '+47 912 34 567',
      email: `test.user.${serial}@example.com`,
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
      ...overrides,
    };
  };
  const save = (token: string, body: unknown) => ctx.call('POST', '/api/Users', { token, body });
  /** Gives a user the demo password and signs them in. */
  const signIn = async (userId: number, loginName: string) => {
    await ctx.database.db.execute(
      sql`UPDATE users SET password_hash = ${await hashPassword('demo1234')}, confirmed_gdpr = true WHERE id = ${userId}`,
    );
    return ctx.login(loginName);
  };

  describe('who may administer', () => {
    it('answers 403 to a user who is no admin on every admin call, and writes nothing', async () => {
      const before = await counts();
      for (const name of ['ole', 'lise'] as const) {
        const token = tokens[name];
        expect((await ctx.call('GET', '/api/CompanyUsers', { token })).status).toBe(403);
        expect((await ctx.call('GET', '/api/CompanyUserOptions', { token })).status).toBe(403);
        expect((await save(token, newUser({ locationId: ole.locationId }))).status).toBe(403);
      }
      expect(await counts()).toEqual(before);
    });

    it("lets kari read her own company's users only", async () => {
      const list = await ctx.call('GET', '/api/CompanyUsers', { token: tokens.kari });
      expect(list.status).toBe(200);
      expect(list.body.data.count).toBe(list.body.data.users.length);
      expect(list.body.data.users.length).toBeGreaterThanOrEqual(2);
      expect(new Set(list.body.data.users.map((u: { customerId: number }) => u.customerId))).toEqual(new Set([kari.customerId]));
      const me = list.body.data.users.find((u: { id: number }) => u.id === kari.id);
      expect(me).toMatchObject({ loginName: 'kari', isCustomerAdmin: true, reportLevel: 1 });
      expect(me.lastLoginAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      const admins = await ctx.call('GET', '/api/CompanyUsers?customerAdmin=true', { token: tokens.kari });
      expect(admins.body.data.users.map((u: { loginName: string }) => u.loginName)).toEqual(['kari']);
      const options = await ctx.call('GET', '/api/CompanyUserOptions', { token: tokens.kari });
      expect(options.body.data.roles.length).toBeGreaterThanOrEqual(4);
      for (const role of options.body.data.roles) {
        const holders = await ctx.call('GET', `/api/CompanyUsers?roleId=${role.id}&isActive=false`, { token: tokens.kari });
        expect(
          holders.body.data.users.every((u: { roleIds: number[]; isActive: boolean }) => u.roleIds.includes(role.id) && !u.isActive),
        ).toBe(true);
      }
    });

    it('names the roles in the caller’s language (issue 20: they were English for everyone)', async () => {
      const names = async () =>
        ((await ctx.call('GET', '/api/CompanyUserOptions', { token: tokens.kari })).body.data.roles as { name: string }[]).map(
          (r) => r.name,
        );
      expect(await names()).toEqual(['Innkjøp', 'Lager', 'Regnskap', 'Transportplanlegging']);
      expect((await ctx.call('POST', '/api/Language', { token: tokens.kari, body: { language: 'fi-FI' } })).status).toBe(200);
      try {
        expect(await names()).toEqual(['Hankinta', 'Kirjanpito', 'Kuljetussuunnittelu', 'Varasto']);
      } finally {
        await ctx.call('POST', '/api/Language', { token: tokens.kari, body: { language: 'nb-NO' } });
      }
    });

    it('lets a global admin administer the customer she acts for after a switch', async () => {
      const token = await ctx.login('admin');
      expect((await ctx.call('POST', '/api/status', { token, body: { customerId: kari.customerId } })).status).toBe(200);
      const users = await ctx.call('GET', '/api/CompanyUsers', { token });
      expect(users.body.data.users.some((u: { loginName: string }) => u.loginName === 'kari')).toBe(true);
    });
  });

  describe('users', () => {
    it('creates a user of her customer who cannot sign in before setting a password, and updates it', async () => {
      const secondary = (
        await rows<{ id: number }>(
          ctx.database.db,
          sql`SELECT id FROM locations WHERE customer_id = ${kari.customerId} AND id <> ${kari.locationId} ORDER BY id LIMIT 1`,
        )
      ).map((l) => Number(l.id));
      const body = newUser({ secondaryLocationIds: secondary, tasks: ['ORDER', 'REPORTS'], reportLevel: 1, financeReport: true });
      // The portal's SMTP delivery to a real SMTP server: the welcome link reaches only the new user.
      const smtp = await startTestMail(ctx.database.db);
      let created: Awaited<ReturnType<typeof save>>;
      try {
        created = await save(tokens.kari, body);
        await outboxIdle(ctx.database.db);
      } finally {
        await smtp.close();
      }
      expect(created.status).toBe(200);
      const user = created.body.data;
      expect(user).toMatchObject({
        customerId: kari.customerId,
        loginName: body.loginName,
        locationId: kari.locationId,
        secondaryLocationIds: secondary,
        tasks: ['ORDER', 'REPORTS'],
        reportLevel: 1,
        financeReport: true,
        lastLoginAt: null,
      });
      const login = await ctx.call('POST', '/api/Login', { body: { userLoginName: body.loginName, password: 'demo1234' } });
      expect(login.status).toBe(401);
      // The welcome mail carries a link to choose a password; with it the new user signs in.
      const [mail] = await rows<{ toAddress: string; body: string }>(
        ctx.database.db,
        sql`SELECT to_address AS "toAddress", body FROM email_archive WHERE topic = 'welcome' AND to_user_id = ${user.id}`,
      );
      expect(mail?.toAddress).toBe(body.email);
      expect(mail?.body).toContain('/reset-password?token=…');
      const token = lastLinkTokenTo(smtp.received, body.email);
      expect((await ctx.call('POST', '/api/PasswordReset', { body: { token, newPassword: 'welcome123' } })).status).toBe(200);
      const signedIn = await ctx.call('POST', '/api/Login', { body: { userLoginName: body.loginName, password: 'welcome123' } });
      expect(signedIn.status).toBe(200);

      const updated = await save(tokens.kari, { ...body, id: user.id, name: 'Renamed User', tasks: [], secondaryLocationIds: [] });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id: user.id, name: 'Renamed User', tasks: [], secondaryLocationIds: [] });
      const listed = await ctx.call('GET', `/api/CompanyUsers?locationId=${kari.locationId}&isActive=true`, { token: tokens.kari });
      expect(listed.body.data.users.some((u: { id: number }) => u.id === user.id)).toBe(true);
    });

    it('refuses a login name in use, whatever its case, and writes nothing', async () => {
      const before = await counts();
      const taken = await save(tokens.kari, newUser({ loginName: 'OLE' }));
      expect(taken.status).toBe(400);
      expect(taken.body.error.fields).toEqual({ loginName: nb('companyUsers.loginNameTaken') });
      expect(await counts()).toEqual(before);
    });

    it('answers bad input with 400 and a field message, writing nothing', async () => {
      const before = await counts();
      for (const [body, field] of [
        [newUser({ name: '' }), 'name'],
        [newUser({ email: 'nope' }), 'email'],
        [newUser({ language: 'xx-XX' }), 'language'],
        [newUser({ reportLevel: 9 }), 'reportLevel'],
        [newUser({ tasks: ['FLY'] }), 'tasks.0'],
        [newUser({ loginName: 'two words' }), 'loginName'],
        [newUser({ locationId: ole.locationId }), 'locationId'],
        [newUser({ roleIds: [2_000_000] }), 'roleIds'],
      ] as const) {
        const answer = await save(tokens.kari, body);
        expect(answer.status, field).toBe(400);
        expect(Object.keys(answer.body.error.fields), field).toContain(field);
      }
      expect(await counts()).toEqual(before);
    });

    it("answers 404 for another customer's user", async () => {
      const answer = await save(tokens.kari, newUser({ id: ole.id, loginName: 'ole', locationId: kari.locationId }));
      expect(answer.status).toBe(404);
    });

    it('refuses every right kari does not hold, each with its message', async () => {
      const before = await counts();
      const cases: [Record<string, unknown>, string, string][] = [
        [{ isGlobalAdmin: true }, 'isGlobalAdmin', nb('companyUsers.noGlobalAdmin')],
        [{ reportLevel: 2 }, 'reportLevel', nb('companyUsers.reportLevelAboveOwn')],
        [{ isSupport: true }, 'isSupport', nb('companyUsers.providerOnly')],
      ];
      for (const [change, field, message] of cases) {
        const answer = await save(tokens.kari, newUser(change));
        expect(answer.status, field).toBe(403);
        expect(answer.body.error.fields, field).toEqual({ [field]: message });
      }
      const notify = await save(tokens.kari, newUser({ notifications: { ...newUser().notifications, newCustomer: true } }));
      expect(notify.status).toBe(403);
      expect(notify.body.error.fields).toEqual({ 'notifications.newCustomer': nb('companyUsers.providerOnly') });
      expect(await counts()).toEqual(before);
    });

    it('lets an admin without finance rights and with some tasks give neither', async () => {
      const created = await save(tokens.kari, newUser({ isCustomerAdmin: true, financeReport: false, tasks: ['ORDER', 'REPORTS'] }));
      expect(created.status).toBe(200);
      const token = await signIn(created.body.data.id, created.body.data.loginName);
      const before = await counts();
      const finance = await save(token, newUser({ financeReport: true, tasks: ['REPORTS'] }));
      expect(finance.status).toBe(403);
      expect(finance.body.error.fields).toEqual({
        financeReport: nb('companyUsers.financeNotHeld'),
      });
      for (const tasks of [['DISPATCH'], []]) {
        const answer = await save(token, newUser({ tasks }));
        expect(answer.status).toBe(403);
        expect(answer.body.error.fields).toEqual({ tasks: nb('companyUsers.tasksNotHeld') });
      }
      expect(await counts()).toEqual(before);
      expect((await save(token, newUser({ tasks: ['REPORTS'] }))).status).toBe(200);
    });

    it("refuses that a customer admin of the provider changes a global admin's account", async () => {
      const [provider] = await rows<{ locationId: number }>(
        ctx.database.db,
        sql`SELECT location_id AS "locationId" FROM users WHERE login_name = 'admin'`,
      );
      const created = await save(tokens.admin, newUser({ isCustomerAdmin: true, locationId: Number(provider?.locationId) }));
      expect(created.status).toBe(200);
      const token = await signIn(created.body.data.id, created.body.data.loginName);
      const list = await ctx.call('GET', '/api/CompanyUsers', { token });
      const admin = list.body.data.users.find((u: { loginName: string }) => u.loginName === 'admin');
      const body = { ...admin, phone: admin.phone ?? '', email: 'taken.over@example.com' };
      delete body.customerId;
      delete body.locationName;
      delete body.lastLoginAt;
      const answer = await save(token, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.fields).toEqual({ isGlobalAdmin: nb('companyUsers.globalAdminAccount') });
      const [stored] = await rows<{ email: string }>(ctx.database.db, sql`SELECT email FROM users WHERE login_name = 'admin'`);
      expect(stored?.email).not.toBe('taken.over@example.com');
    });

    it('refuses that an admin deactivates or demotes herself', async () => {
      const list = await ctx.call('GET', '/api/CompanyUsers', { token: tokens.kari });
      const me = list.body.data.users.find((u: { id: number }) => u.id === kari.id);
      const body = { ...me, phone: me.phone ?? '', email: me.email ?? 'kari@example.com' };
      delete body.customerId;
      delete body.locationName;
      delete body.lastLoginAt;
      const off = await save(tokens.kari, { ...body, isActive: false });
      expect(off.status).toBe(403);
      expect(off.body.error.fields).toEqual({ isActive: nb('companyUsers.selfDeactivate') });
      const demoted = await save(tokens.kari, { ...body, isCustomerAdmin: false });
      expect(demoted.status).toBe(403);
      expect(demoted.body.error.fields).toEqual({ isCustomerAdmin: nb('companyUsers.selfDemote') });
      expect((await save(tokens.kari, body)).status).toBe(200);
    });

    it('signs a deactivated user out at once', async () => {
      const created = await save(tokens.kari, newUser());
      const token = await signIn(created.body.data.id, created.body.data.loginName);
      expect((await ctx.call('GET', '/api/Status', { token })).body.data).toBeTruthy();
      const off = await save(tokens.kari, {
        ...newUser(),
        id: created.body.data.id,
        loginName: created.body.data.loginName,
        isActive: false,
      });
      expect(off.status).toBe(200);
      expect(off.body.data.isActive).toBe(false);
      // A POST reads the session afresh (the short session cache serves reads only: plugins/auth.ts).
      expect((await ctx.call('POST', '/api/status', { token, body: {} })).status).toBe(401);
      const inactive = await ctx.call('GET', '/api/CompanyUsers?isActive=false', { token: tokens.kari });
      expect(inactive.body.data.users.some((u: { id: number }) => u.id === created.body.data.id)).toBe(true);
    });

    it('lets a global admin give what a customer admin may not', async () => {
      const answer = await save(tokens.admin, newUser({ locationId: null, reportLevel: 4, isSupport: true, isGlobalAdmin: true }));
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ reportLevel: 4, isSupport: true, isGlobalAdmin: true });
      const options = await ctx.call('GET', '/api/CompanyUserOptions', { token: tokens.kari });
      expect(options.body.data.limits).toMatchObject({
        isGlobalAdmin: false,
        maxReportLevel: 1,
        financeReport: true,
        providerFlags: false,
      });
      expect(options.body.data.locations.length).toBeGreaterThanOrEqual(2);
    });
  });
});
