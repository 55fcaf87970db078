import { todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('lookups (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  beforeAll(async () => {
    // No ledger check after each test: this file reads lookups only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    token = await ctx.login('ole');
  });
  afterAll(() => ctx.close());

  it('lists the open days of the location’s country, holidays and weekends closed', async () => {
    const { status, body } = await ctx.call('GET', '/api/Days?from=2026-12&to=2026-12', { token });
    expect(status).toBe(200);
    expect(body.data).toHaveLength(31);
    const day = (d: string) => body.data.find((x: { date: string }) => x.date === d).isOpen;
    expect(day('2026-12-01')).toBe(true);
    expect(day('2026-12-05')).toBe(false);
    expect(day('2026-12-24')).toBe(false);
    expect(day('2026-12-25')).toBe(false);
    expect((await ctx.call('GET', '/api/Days?from=2026-13&to=2026-12', { token })).status).toBe(400);
  });

  it('checks GLNs with the GS1 check digit and says why one is invalid', async () => {
    const good = await ctx.call('GET', '/api/GLNValidate?gln=4006381333931', { token });
    expect(good.body.data).toEqual({ ok: true, reason: null, inUse: false });
    const bad = await ctx.call('GET', '/api/GLNValidate?gln=4006381333932', { token });
    expect(bad.body.data).toMatchObject({ ok: false, reason: 'Kontrollsifferet er feil' });
    const short = await ctx.call('GET', '/api/GLNValidate?gln=123', { token });
    expect(short.body.data.reason).toBe('Skriv 13 siffer');
  });

  it('lists products with their stack heights, and the products available at the location', async () => {
    const all = await ctx.call('GET', '/api/products?all=true', { token });
    expect(all.body.data.length).toBeGreaterThan(5);
    expect(all.body.data.find((p: { carrierTypeName: string }) => /EUR/i.test(p.carrierTypeName))?.qtyHeight).toBeGreaterThan(1);
    // Names in the user's language (ole: nb-NO), built from carrier, quality and treatment.
    const names = all.body.data.map((p: { name: string }) => p.name);
    expect(names).toContain('EUR-pall, kvalitet A');
    expect(names).toContain('EUR-pall, kvalitet A, varmebehandlet (ISPM 15)');
    const trucks = (await ctx.call('GET', '/api/TruckTypes', { token })).body.data;
    expect(trucks.map((t: { name: string }) => t.name)).toContain('Semitrailer, 33 EUR-stabler');
    const location = (await ctx.call('GET', '/api/location', { token })).body.data;
    const available = await ctx.call('GET', `/api/AvailableProducts?locationId=${location.id}`, { token });
    expect(available.body.data.length).toBeGreaterThan(0);
  });

  it('does not reveal another customer’s products or days', async () => {
    const admin = await ctx.login('admin');
    const customers = (await ctx.call('GET', '/api/Customers', { token: admin })).body.data;
    const own = (await ctx.call('GET', '/api/location', { token })).body.data;
    const foreign = customers.find((c: { id: number }) => c.id !== own.customerId);
    const locations = (await ctx.call('GET', `/api/Locations?customerId=${foreign.id}&canSwitch=true`, { token: admin })).body.data;
    const res = await ctx.call('GET', `/api/AvailableProducts?locationId=${locations[0].id}`, { token });
    expect(res.status).toBe(404);
  });

  it('serves the OpenAPI document of the calls', async () => {
    const { status, body } = await ctx.call('GET', '/api/docs/json');
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/api/Login', '/api/Orders', '/api/OrderStatus', '/api/Days', '/api/GLNValidate']),
    );
  });

  it('shows the volume of this year at the acting location on the start page', async () => {
    const { body } = await ctx.call('GET', '/api/Widgets/volume', { token });
    // This year in the location's country (docs/domain.md, "Today"): 2027 at 23:30 UTC on New Year's Eve.
    const location = (await ctx.call('GET', '/api/location', { token })).body.data;
    expect(body.data.year).toBe(Number(todayIn(location.countryId).slice(0, 4)));
    expect(body.data.orders).toBeGreaterThan(0);
    expect(body.data.weightKg).toBeGreaterThan(0);
  });
});
