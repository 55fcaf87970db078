/**
 * A location's today on the server (docs/domain.md, "Today"): at 23:30 UTC on New Year's Eve it
 * is already 1 January in the Nordics, so a report without an end date runs over the new year up
 * to its first day, the start page's volume and environment widgets show the new year and month,
 * and the balance prices carriers at the new year's price list. Only `Date` is faked (the
 * database's own clock is not read by these answers).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, openTestContext, type TestContext } from './helpers.js';

const NEW_YEARS_EVE_LATE = new Date('2026-12-31T23:30:00Z');

describe.each(backends)('today at the location (%s)', (kind) => {
  let ctx: TestContext;
  let mikko: string;
  let ole: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  const lateOnNewYearsEve = async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NEW_YEARS_EVE_LATE });
    mikko = await ctx.login('mikko');
    ole = await ctx.login('ole');
  };

  it('a report without an end date ends on the Nordic date, already next year at 23:30 UTC on New Year’s Eve', async () => {
    await lateOnNewYearsEve();
    for (const token of [mikko, ole]) {
      const report = await ctx.call('GET', '/api/Reports/locations', { token });
      expect(report.status).toBe(200);
      expect(report.body.data).toMatchObject({ from: '2027-01-01', to: '2027-01-01' });
    }
    // An explicit end still rules, and its year starts the period.
    const given = await ctx.call('GET', '/api/Reports/locations?to=2026-12-31', { token: mikko });
    expect(given.body.data).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('the start page’s widgets and the balance’s price date follow the Nordic new year', async () => {
    await lateOnNewYearsEve();
    const volume = await ctx.call('GET', '/api/Widgets/volume', { token: mikko });
    expect(volume.status).toBe(200);
    expect(volume.body.data.year).toBe(2027);
    const environment = await ctx.call('GET', '/api/Widgets/environment?months=1', { token: ole });
    expect(environment.status).toBe(200);
    expect(environment.body.data.map((m: { month: string }) => m.month)).toEqual(['2027-01']);
    const inventory = await ctx.call('GET', '/api/Inventory', { token: mikko });
    expect(inventory.status).toBe(200);
    expect(inventory.body.data.priceDate).toBe('2027-01-01');
  });
});
