/**
 * GET Widgets/environment (spec section 9): the start page's months of fill degree, reuse
 * degree, carriers moved and CO2 saved, for the acting location only. The expected figures
 * are recomputed here from the location's raw orders and lines with the formulas of
 * @portal/domain (environment.ts), so the SQL aggregation is checked against the method.
 */
import { carrierFactor, co2SavedKg, fillDegree, monthsEndingAt, reuseDegree, todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface RawLine {
  orderId: number;
  status: number;
  dateSend: string;
  places: number;
  code: string;
  quality: string;
  quantity: number;
  qtyHeight: number;
}

/** The demo users (README "Demo sign-ins"). */
const users = ['admin', 'kari', 'ole', 'lise', 'mikko'] as const;

describe.each(backends)('the environment widget (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  const at: Record<string, number> = {};
  const countryOf: Record<string, string> = {};
  /** Today at a user's acting location, whose months the widget shows (docs/domain.md, "Today"). */
  const today = (who = 'kari') => todayIn(countryOf[who]);

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of users) {
      tokens[name] = await ctx.login(name);
      const location = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
      at[name] = location.id;
      countryOf[name] = location.countryId;
    }
  });
  afterAll(() => ctx.close());

  const widget = (who: string, query = '') => ctx.call('GET', `/api/Widgets/environment${query}`, { token: tokens[who] });

  /** Every line of the location's orders sent in the months, with its order's truck places (default truck when none). */
  const rawLines = async (locationId: number, from: string, to: string) =>
    (
      await rows<RawLine>(
        ctx.database.db,
        sql`SELECT o.id AS "orderId", o.transaction_status_id AS status, o.date_send::text AS "dateSend",
                   COALESCE(t.tpu_count + t.tpu_count2,
                            (SELECT tpu_count + tpu_count2 FROM truck_types ORDER BY is_default DESC, id LIMIT 1)) AS places,
                   ct.code, q.code AS quality, COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered) AS quantity,
                   ct.qty_height AS "qtyHeight"
            FROM orders o JOIN order_lines ol ON ol.order_id = o.id JOIN products p ON p.id = ol.product_id
            JOIN carrier_types ct ON ct.id = p.carrier_type_id JOIN qualities q ON q.id = p.quality_id
            LEFT JOIN truck_types t ON t.id = o.truck_type_id
            WHERE (o.location_id_from = ${locationId} OR o.location_id_to = ${locationId})
              AND o.date_send >= ${from} AND o.date_send < ${to}`,
      )
    ).map((l) => ({ ...l, quantity: Number(l.quantity), places: Number(l.places), status: Number(l.status) }));

  /** The months as the method defines them, from the raw lines (drafts, cancelled and replaced left out). */
  const expected = (lines: RawLine[], months: string[]) =>
    months.map((month) => {
      const own = lines.filter((l) => l.dateSend.startsWith(month) && ![0, 7, 8].includes(l.status));
      const moved = own.reduce((s, l) => s + l.quantity, 0);
      const fresh = own.filter((l) => l.quality === 'NEW').reduce((s, l) => s + l.quantity, 0);
      const orders = new Map<number, { stacks: number; places: number }>();
      for (const l of own) {
        const o = orders.get(l.orderId) ?? { stacks: 0, places: l.places };
        o.stacks += l.quantity / Math.max(1, l.qtyHeight);
        orders.set(l.orderId, o);
      }
      const reuse = reuseDegree(moved, fresh);
      const fill = fillDegree([...orders.values()]);
      return {
        month,
        carriersMoved: moved,
        reuseDegree: reuse === null ? null : Math.round(reuse * 10_000) / 10_000,
        fillDegree: fill === null ? null : Math.round(fill * 10_000) / 10_000,
        co2SavedKg:
          Math.round(
            co2SavedKg(own.filter((l) => l.quality !== 'NEW').map((l) => ({ carrierTypeCode: l.code, reused: l.quantity }))) * 10,
          ) / 10,
      };
    });

  it('answers the last 12 months by default, oldest first, the current month last', async () => {
    const { status, body } = await widget('kari');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data.map((m: { month: string }) => m.month)).toEqual(monthsEndingAt(today(), 12).months);
    expect(body.data.at(-1).month).toBe(today().slice(0, 7));
    // The demo has a year of kari's orders: figures in every part of the answer.
    const busy = body.data.filter((m: { carriersMoved: number }) => m.carriersMoved > 0);
    expect(busy.length).toBeGreaterThan(6);
    for (const m of busy) {
      expect(m.fillDegree).toBeGreaterThan(0);
      expect(m.fillDegree).toBeLessThanOrEqual(1);
      expect(m.reuseDegree).toBeGreaterThanOrEqual(0);
      expect(m.reuseDegree).toBeLessThanOrEqual(1);
    }
    expect(busy.some((m: { co2SavedKg: number }) => m.co2SavedKg > 0)).toBe(true);
  });

  it('takes 1 to 36 months; 0, 37, a word, a fraction or a repeated parameter answer 400', async () => {
    expect((await widget('kari', '?months=1')).body.data).toHaveLength(1);
    expect((await widget('kari', '?months=36')).body.data).toHaveLength(36);
    for (const bad of ['0', '37', 'abc', '1.5', '-1', '']) {
      const answer = await widget('kari', `?months=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.error.type).toBe('VALIDATION');
      expect(answer.body.error.fields.months).toBeTruthy();
    }
    expect((await widget('kari', '?months=3&months=4')).status).toBe(400);
  });

  it('adds up the orders of the location: carriers moved, reuse, fill and CO2 as the method defines them', async () => {
    const range = monthsEndingAt(today(), 24);
    const lines = await rawLines(at.kari as number, range.from, range.to);
    // The demo holds drafts and cancelled orders at kari's location that must not count.
    expect(lines.some((l) => [0, 7].includes(l.status))).toBe(true);
    const { body } = await widget('kari', '?months=24');
    expect(body.data).toEqual(expected(lines, range.months));
    const all = lines.filter((l) => l.dateSend >= range.from).reduce((s, l) => s + l.quantity, 0);
    expect(body.data.reduce((s: number, m: { carriersMoved: number }) => s + m.carriersMoved, 0)).toBeLessThan(all);
  });

  it.each(users)('shows %s the figures of their own acting location only (no money, nothing of another location)', async (user) => {
    const range = monthsEndingAt(today(user), 12);
    const answer = await widget(user);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual(expected(await rawLines(at[user] as number, range.from, range.to), range.months));
  });

  it('follows a switch of location', async () => {
    const range = monthsEndingAt(today(), 12);
    expect((await widget('ole')).body.data).not.toEqual((await widget('kari')).body.data);
    // kari switches to another location of her customer: the widget follows her.
    const locations = (await ctx.call('GET', '/api/Locations?canSwitch=true', { token: tokens.kari })).body.data;
    const other = locations.find((l: { id: number; statusId: number }) => l.statusId === 1 && l.id !== at.kari);
    expect((await ctx.call('POST', '/api/status', { token: tokens.kari, body: { locationId: other.id } })).status).toBe(200);
    const switched = await widget('kari');
    expect(switched.body.data).toEqual(expected(await rawLines(other.id, range.from, range.to), range.months));
    await ctx.call('POST', '/api/status', { token: tokens.kari, body: { locationId: at.kari } });
  });

  it('rests on the portal’s own carrier types: each has a factor with its tare weight and size', async () => {
    const types = await rows<{ code: string; tare: number; length: number; width: number }>(
      ctx.database.db,
      sql`SELECT code, tare_weight_grams AS tare, length_mm AS length, width_mm AS width FROM carrier_types`,
    );
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      const factor = carrierFactor(type.code);
      expect(factor, type.code).not.toBeNull();
      expect(factor?.tareKg, type.code).toBe(Number(type.tare) / 1000);
      expect(factor?.sizeMm, type.code).toEqual([Number(type.length), Number(type.width)]);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.call('GET', '/api/Widgets/environment')).status).toBe(401);
  });
});
