/**
 * Users the tests of issue 20 act with (acting-rights.test.ts, acting-on-users.test.ts and the
 * fuzz test, fuzz-run.ts): users made through POST Users by an admin, as an admin would, then
 * given the demo password so that they sign in.
 */
import { expect } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/password.js';
import type { TestContext } from './helpers.js';

/** A signed-in test user. */
export interface TestUser {
  id: number;
  customerId: number;
  locationId: number;
  loginName: string;
  token: string;
}

let serial = 0;

/** The body of POST Users for a user at `locationId` with no rights beyond the defaults, and `overrides`. */
export function newUserBody(locationId: number, overrides: Record<string, unknown> = {}) {
  serial += 1;
  const tag = `${process.pid}.${serial}`;
  return {
    name: `Acting Test ${tag}`,
    loginName: `acting.${tag}`,
    phone: '+47 912 34 567',
    email: `acting.${tag}@example.com`,
    language: 'en-US',
    isActive: true,
    locationId,
    secondaryLocationIds: [] as number[],
    roleIds: [] as number[],
    isGlobalAdmin: false,
    isCustomerAdmin: false,
    isSupport: false,
    supportCustomer: false,
    supportLocation: false,
    reportLevel: 0,
    financeReport: false,
    standardDraft: false,
    tasks: [] as string[],
    notifications: { autoCommit: false, deviation: false, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    ...overrides,
  };
}

/** Creates a user through POST Users as the holder of `token`, gives them the demo password and signs them in. */
export async function createUser(ctx: TestContext, token: string, body: ReturnType<typeof newUserBody>): Promise<TestUser> {
  const saved = await ctx.call('POST', '/api/Users', { token, body });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const id = Number(saved.body.data.id);
  await ctx.database.db.execute(
    sql`UPDATE users SET password_hash = ${await hashPassword('demo1234')}, confirmed_gdpr = true WHERE id = ${id}`,
  );
  const loginName = body.loginName;
  return {
    id,
    customerId: Number(saved.body.data.customerId),
    locationId: Number(body.locationId),
    loginName,
    token: await ctx.login(loginName),
  };
}

/** A demo user (README, "Demo sign-ins"), signed in. */
export async function demoUser(ctx: TestContext, loginName: string): Promise<TestUser> {
  const [u] = await rows<{ id: number; customerId: number; locationId: number }>(
    ctx.database.db,
    sql`SELECT id, customer_id AS "customerId", location_id AS "locationId" FROM users WHERE login_name = ${loginName}`,
  );
  if (!u) throw new Error(`no demo user ${loginName}`);
  return {
    id: Number(u.id),
    customerId: Number(u.customerId),
    locationId: Number(u.locationId),
    loginName,
    token: await ctx.login(loginName),
  };
}

/**
 * The provider's own customer admin (issue 20), made by the global admin `admin` at its location:
 * Customer report level, no finance permission, every task. Every other user of the provider's
 * customer (its staff and global admins) holds a right this admin lacks.
 */
export function createProviderAdmin(ctx: TestContext, admin: TestUser): Promise<TestUser> {
  return createUser(ctx, admin.token, newUserBody(admin.locationId, { isCustomerAdmin: true, reportLevel: 1 }));
}
