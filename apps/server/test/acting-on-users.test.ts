/**
 * The isolation test of every route that names a user to act as or to act on (issue 20): POST
 * status (switch user), GET and POST user (profile, e-mail), POST userPassword, POST
 * UserPasswordLink and POST Users (edit, deactivate). Which routes those are comes from the OpenAPI
 * document (`userFieldOf`, shared with the fuzz test), so a new one fails here until it is added.
 * Three customer admins (the provider's own, one of kari's customer without finance and with two
 * tasks, and kari) try every route on every user of their customer: a user with a right the admin
 * lacks (by this test's own reading of the rule) answers 403 RIGHTS_EXCEEDED and nothing is
 * written (the fuzz test's write log, fuzz-run.ts), any other works; GET CompanyUsers' `withinRights`
 * says the same.
 */
import type { CompanyUser } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { createProviderAdmin, createUser, demoUser, newUserBody, type TestUser } from './acting-users.js';
import { operationsOf, userFieldOf } from './fuzz-inputs.js';
import { WRITE_LOG } from './fuzz-run.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

type Target = CompanyUser & { isSuperuser: boolean };
type Request = { method: 'GET' | 'POST'; url: string; body?: unknown };

/** Every route that names a user, and its request naming `t` (changing nothing the user would notice). */
const routes: Record<string, (t: Target) => Request> = {
  'POST /api/status': (t) => ({ method: 'POST', url: '/api/status', body: { userId: t.id } }),
  'GET /api/user': (t) => ({ method: 'GET', url: `/api/user?id=${t.id}` }),
  'POST /api/user': (t) => ({
    method: 'POST',
    url: '/api/user',
    body: { userId: t.id, name: t.name, phone: t.phone || '+47 912 34 567', email: t.email || 'someone@example.com', language: t.language },
  }),
  'POST /api/userPassword': (t) => ({ method: 'POST', url: '/api/userPassword', body: { userId: t.id, newPassword: 'demo1234' } }),
  'POST /api/UserPasswordLink': (t) => ({ method: 'POST', url: '/api/UserPasswordLink', body: { userId: t.id } }),
  'POST /api/Users': ({ customerId: _c, locationName: _l, lastLoginAt: _a, withinRights: _w, isSuperuser: _s, ...t }) => ({
    method: 'POST',
    url: '/api/Users',
    body: { ...t, phone: t.phone ?? '', email: t.email || 'someone@example.com' },
  }),
};

/**
 * This test's own reading of the rule for an admin whose report level covers their whole customer:
 * the target holds a flag, a report level, the finance permission or a task the admin lacks.
 */
function stronger(admin: Target, t: Target): boolean {
  const flags = ['isGlobalAdmin', 'isSuperuser', 'isSupport', 'isCustomerAdmin', 'financeReport'] as const;
  const tasks = admin.tasks.length > 0 && (t.tasks.length === 0 || t.tasks.some((task) => !admin.tasks.includes(task)));
  return flags.some((flag) => t[flag] && !admin[flag]) || t.reportLevel > admin.reportLevel || tasks;
}

describe.each(backends)('every route that names a user, on every user (%s)', (kind) => {
  let ctx: TestContext;
  const actors = {} as Record<'providerAdmin' | 'weakAdmin' | 'kari', TestUser>;
  let ip = 0;

  beforeAll(async () => {
    ctx = await openTestContext(kind, { ledgerCheck: false });
    const admin = await demoUser(ctx, 'admin');
    const kari = await demoUser(ctx, 'kari');
    actors.kari = kari;
    actors.providerAdmin = await createProviderAdmin(ctx, admin);
    actors.weakAdmin = await createUser(
      ctx,
      kari.token,
      newUserBody(kari.locationId, { isCustomerAdmin: true, reportLevel: 1, tasks: ['ORDER', 'REPORTS'] }),
    );
    // A user each admin may act as, and a chain-level admin above kari (as a global admin would make).
    await createUser(ctx, actors.providerAdmin.token, newUserBody(admin.locationId, { tasks: ['REPORTS'] }));
    await createUser(ctx, actors.weakAdmin.token, newUserBody(kari.locationId, { tasks: ['ORDER'] }));
    const chain = await createUser(ctx, kari.token, newUserBody(kari.locationId, { isCustomerAdmin: true, reportLevel: 1 }));
    await ctx.database.db.execute(sql`UPDATE users SET report_level = 2 WHERE id = ${chain.id}`);
    for (const statement of WRITE_LOG) await ctx.database.db.execute(sql.raw(statement));
  });
  afterAll(() => ctx.close());

  const lastWrite = async () =>
    Number((await rows<{ id: number }>(ctx.database.db, sql`SELECT coalesce(max(id), 0)::bigint AS id FROM fuzz_writes`))[0]?.id);
  /** A call from a client address of its own (POST userPassword is limited per address). */
  const send = async (token: string, { method, url, body }: Request) => {
    ip++;
    const response = await ctx.app.inject({
      method,
      url,
      remoteAddress: `10.20.${ip >> 8}.${ip & 255}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };

  it('the OpenAPI document names a user to act as or on in exactly the routes this test tries', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const naming = operationsOf(doc)
      .filter((op) => userFieldOf(op) !== null)
      .map((op) => `${op.method} ${op.path}`);
    expect(naming.sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(['providerAdmin', 'weakAdmin', 'kari'] as const)(
    '%s: a user with a right the admin lacks answers 403 RIGHTS_EXCEEDED on every route and nothing is written; any other user works',
    async (name) => {
      const actor = actors[name];
      const token = await ctx.login(actor.loginName);
      const list = await send(token, { method: 'GET', url: '/api/CompanyUsers?isActive=true' });
      expect(list.status).toBe(200);
      const superusers = new Set(
        (await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE is_superuser`)).map((u) => Number(u.id)),
      );
      const users: Target[] = list.body.data.users.map((u: CompanyUser) => ({ ...u, isSuperuser: superusers.has(u.id) }));
      const self = users.find((u) => u.id === actor.id) as Target;
      const targets = users.filter((u) => u.id !== actor.id);
      expect(targets.filter((t) => stronger(self, t)).length, 'stronger users to try').toBeGreaterThan(0);
      expect(targets.filter((t) => !stronger(self, t)).length, 'weaker users to try').toBeGreaterThan(0);
      for (const target of targets) {
        const refuse = stronger(self, target);
        for (const [route, request] of Object.entries(routes)) {
          const label = `${name} ${route} ${target.loginName}`;
          const before = await lastWrite();
          const answer = await send(token, request(target));
          if (refuse) {
            expect(answer.status, label).toBe(403);
            expect(answer.body.error.type, label).toBe('RIGHTS_EXCEEDED');
            expect(await lastWrite(), `${label} wrote`).toBe(before);
          } else {
            const noEmail = route === 'POST /api/UserPasswordLink' && !target.email;
            expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(noEmail ? 400 : 200);
            if (route === 'POST /api/status') expect((await send(token, routes[route]?.(self) as Request)).status).toBe(200);
          }
        }
      }
      // The list said the same of each beforehand.
      for (const target of targets) expect(target.withinRights, `withinRights of ${target.loginName}`).toBe(!stronger(self, target));
    },
  );
});
