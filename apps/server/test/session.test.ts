import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('session and switching (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    // No ledger check after each test: this file reads the session and sets language and actions only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
  });
  afterAll(() => ctx.close());

  it('answers the initial-data actions in the order asked, with an error object for a failing one', async () => {
    const token = await ctx.login('ole');
    const { status, body } = await ctx.call('POST', '/api/Actions', {
      token,
      body: ['Status', 'TransactionTypes', 'TransactionStatuses', 'WebTaskUsers', 'TruckTypes', 'InterCompany'],
    });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(6);
    expect(body.data[0].user.loginName).toBe('ole');
    // ole works for a customer; the provider's staff are told apart by the session status.
    expect(body.data[0].isProvider).toBe(false);
    const admin = await ctx.call('GET', '/api/Status', { token: await ctx.login('admin') });
    expect(admin.body.data.status.isProvider).toBe(true);
    expect(body.data[1].map((t: { code: string }) => t.code)).toEqual(['TO', 'HE', 'LE']);
    expect(body.data[2]).toHaveLength(15);
    expect(body.data[3]).toEqual(expect.arrayContaining(['ORDER']));
    expect(body.data[4].length).toBeGreaterThan(0);
  });

  it('answers an unknown action with an error object in its place, the others as usual (spec section 7)', async () => {
    const token = await ctx.login('lise');
    const { status, body } = await ctx.call('POST', '/api/Actions', { token, body: ['Status', 'Nope', 'TransactionTypes'] });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(3);
    expect(body.data[0].user.loginName).toBe('lise');
    // lise reads Swedish.
    expect(body.data[1]).toEqual({ error: { type: 'NOT_FOUND', message: 'Okänd åtgärd: Nope' } });
    expect(body.data[2].map((t: { code: string }) => t.code)).toEqual(['TO', 'HE', 'LE']);
    // The list itself is still checked: a list, of names, at most 20.
    expect(
      (await ctx.call('POST', '/api/Actions', { token, body: '"Status"', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect((await ctx.call('POST', '/api/Actions', { token, body: [] })).status).toBe(400);
    expect((await ctx.call('POST', '/api/Actions', { token, body: Array(21).fill('Status') })).status).toBe(400);
  });

  it('a customer admin switches between the customer’s locations', async () => {
    const token = await ctx.login('kari');
    const locations = await ctx.call('GET', '/api/Locations?canSwitch=true', { token });
    expect(locations.body.data.length).toBeGreaterThan(1);
    const target = locations.body.data.find((l: { statusId: number }) => l.statusId === 1);
    const other = locations.body.data.filter((l: { statusId: number }) => l.statusId === 1)[1];
    const switched = await ctx.call('POST', '/api/status', { token, body: { locationId: other.id } });
    expect(switched.status).toBe(200);
    expect(switched.body.data.location.id).toBe(other.id);
    expect((await ctx.call('GET', '/api/location', { token })).body.data.id).toBe(other.id);
    expect(target).toBeDefined();
  });

  it('a plain user cannot switch to another customer or another customer’s location', async () => {
    const token = await ctx.login('ole');
    const [foreign] = await rows<{ id: number; customerId: number }>(
      ctx.database.db,
      sql`SELECT l.id, l.customer_id AS "customerId" FROM locations l
          WHERE l.customer_id <> (SELECT customer_id FROM users WHERE login_name = 'ole') LIMIT 1`,
    );
    const toCustomer = await ctx.call('POST', '/api/status', { token, body: { customerId: foreign?.customerId } });
    expect(toCustomer.status).toBe(403);
    expect(toCustomer.body.error.type).toBe('SWITCH_NOT_ALLOWED');
    const toLocation = await ctx.call('POST', '/api/status', { token, body: { locationId: foreign?.id } });
    expect(toLocation.status).toBe(403);
  });

  it('a global admin switches customer, lands on one of its locations, and the customer list offers only active and blocked ones', async () => {
    const token = await ctx.login('admin');
    const customers = await ctx.call('GET', '/api/Customers', { token });
    expect(customers.body.data.length).toBeGreaterThan(30);
    expect(customers.body.data.every((c: { statusId: number }) => c.statusId === 1 || c.statusId === 2)).toBe(true);
    const kari = (
      await rows<{ customerId: number }>(ctx.database.db, sql`SELECT customer_id AS "customerId" FROM users WHERE login_name = 'kari'`)
    )[0];
    const switched = await ctx.call('POST', '/api/status', { token, body: { customerId: kari?.customerId } });
    expect(switched.status).toBe(200);
    expect(switched.body.data.customer.id).toBe(kari?.customerId);
    expect(switched.body.data.location.customerId).toBe(kari?.customerId);
    expect(switched.body.data.loginUser.loginName).toBe('admin');
  });

  it('a customer admin acts as one of the customer’s users and returns to themselves', async () => {
    const token = await ctx.login('kari');
    const status = (await ctx.call('GET', '/api/Status', { token })).body.data.status;
    const users = await ctx.call('GET', `/api/Users?customerId=${status.customer.id}&isActive=true`, { token });
    const other = users.body.data.find((u: { loginName: string }) => u.loginName !== 'kari');
    expect(other).toBeDefined();
    const acting = await ctx.call('POST', '/api/status', { token, body: { userId: other.id } });
    expect(acting.status).toBe(200);
    expect(acting.body.data.user.id).toBe(other.id);
    expect(acting.body.data.loginUser.loginName).toBe('kari');
    const back = await ctx.call('POST', '/api/status', { token, body: { userId: acting.body.data.loginUser.id } });
    expect(back.body.data.user.loginName).toBe('kari');
  });

  it('stores the chosen language, and error messages follow it', async () => {
    const token = await ctx.login('lise');
    const set = await ctx.call('POST', '/api/Language', { token, body: { language: 'fi-FI' } });
    expect(set.status).toBe(200);
    expect((await ctx.call('GET', '/api/Language', { token })).body.data.language).toBe('fi-FI');
    const bad = await ctx.call('POST', '/api/Language', { token, body: { language: 'xx-XX' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Joitakin kenttiä ei ole täytetty oikein.');
  });

  it('matches call names case-insensitively', async () => {
    const token = await ctx.login('ole');
    expect((await ctx.call('GET', '/api/webtaskusers', { token })).status).toBe(200);
    expect((await ctx.call('GET', '/API/WEBTASKUSERS', { token })).status).toBe(200);
  });
});
