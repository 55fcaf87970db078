/**
 * Scheduled orders (issue 3): a schedule places one real order per due occurrence, on its
 * weekdays, every n-th week, on open days only, exactly once however many processes run the job.
 */
import { closedDays } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, rows, sql } from '../src/db/client.js';
import { materializeDueOrders } from '../src/modules/scheduled/materialize-due-orders.js';
import { nextOccurrence, occurrences, ruleDates } from '../src/modules/scheduled/occurrences.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const DAY = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday .. 6 Saturday
const today = new Date().toISOString().slice(0, 10);
/** The first Monday on or after a date. */
const mondayFrom = (date: string) => addDays(date, (8 - weekday(date)) % 7);
const isNorwegianHoliday = (date: string) => closedDays('NO', Number(date.slice(0, 4))).has(date);
/** Norwegian provider closures (the seed closes between Christmas and New Year). */
const closures = new Set<string>();
const isClosed = (date: string) => isNorwegianHoliday(date) || closures.has(date);
const noWeekdays = { monday: false, tuesday: false, wednesday: false, thursday: false, friday: false };

describe.each(backends)('scheduled orders (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  let kari: { id: number; customerId: number };
  let product: { id: number; qtyHeight: number };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    kari = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data;
    product = (await ctx.call('GET', `/api/AvailableProducts?locationId=${kari.id}`, { token: tokens.kari })).body.data[0];
    await loadClosures();
  });
  const loadClosures = async () => {
    for (const r of await rows<{ day: string }>(ctx.database.db, sql`SELECT day FROM provider_closures WHERE country_id = 'NO'`))
      closures.add(r.day);
  };
  afterAll(() => ctx.close());

  /** Creates a purchase schedule for Kari's location; answers the response. */
  const schedule = (fields: Record<string, unknown>, token = tokens.kari) =>
    ctx.call('POST', '/api/ScheduledOrders', {
      token,
      body: {
        transactionTypeId: 1,
        intervalWeeks: 1,
        ...noWeekdays,
        lines: [{ productId: product.id, quantityOrdered: product.qtyHeight * 2 }],
        ...fields,
      },
    });
  const ordersOf = (scheduleId: number) =>
    rows<{ id: number; date: string | null; status: number; dateSend: string; quantity: number }>(
      ctx.database.db,
      sql`SELECT o.id, o.scheduled_date AS date, o.transaction_status_id AS status, o.date_send AS "dateSend", o.quantity_total AS quantity
          FROM orders o WHERE o.scheduled_order_id = ${scheduleId} ORDER BY o.date_send, o.id`,
    );
  const countSchedules = async () =>
    (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM scheduled_orders`))[0]?.n;

  it('places one order per chosen weekday in every second week, skipping provider closures and holidays', async () => {
    const monday = mondayFrom(addDays(today, 30));
    // A provider closure on the Monday of week 2 (Norway): that occurrence is skipped, not moved.
    await ctx.database.db.execute(sql`INSERT INTO provider_closures (country_id, day, reason) VALUES ('NO', ${addDays(monday, 14)}, 'Stocktaking')
      ON CONFLICT DO NOTHING`);
    await loadClosures();
    const created = await schedule({
      intervalWeeks: 2,
      monday: true,
      wednesday: true,
      startDate: monday,
      endDate: addDays(monday, 34),
      referenceOwn: 'EVERY-2ND',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    // Nothing is due within 14 days of today yet.
    expect(await ordersOf(id)).toHaveLength(0);

    const first = await materializeDueOrders(ctx.database.db, monday, { horizonDays: 28 });
    expect(first.failed).toBe(0);
    const expected = [monday, addDays(monday, 2), addDays(monday, 16), addDays(monday, 28)].filter((d) => !isClosed(d));
    const orders = await ordersOf(id);
    expect(orders.map((o) => o.date)).toEqual(expected);
    for (const order of orders) {
      expect(order.status).toBe(1);
      expect(order.dateSend).toBe(order.date);
      expect(order.quantity).toBe(product.qtyHeight * 2);
    }
    const detail = (await ctx.call('GET', `/api/Orders/${orders[0]?.id}`, { token: tokens.kari })).body.data;
    expect(detail.referenceOwn).toBe('EVERY-2ND');
    expect(detail.locationIdTo).toBe(kari.id);

    // Running again (or later) places nothing twice.
    await materializeDueOrders(ctx.database.db, monday, { horizonDays: 28 });
    await materializeDueOrders(ctx.database.db, addDays(monday, 3), { horizonDays: 25 });
    expect((await ordersOf(id)).map((o) => o.date)).toEqual(expected);
  });

  it('skips a public holiday of the sending country', async () => {
    // The next Norwegian public holiday on a weekday at least a week ahead.
    let holiday = addDays(today, 8);
    while (!(isNorwegianHoliday(holiday) && weekday(holiday) >= 1 && weekday(holiday) <= 5)) holiday = addDays(holiday, 1);
    const day = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday'][weekday(holiday)] as string;
    const start = addDays(holiday, -7);
    const { body } = await schedule({ [day]: true, startDate: start, endDate: addDays(holiday, 7) });
    await materializeDueOrders(ctx.database.db, start, { horizonDays: 14 });
    const dates = (await ordersOf(body.data.id)).map((o) => o.date);
    expect(dates).not.toContain(holiday);
    expect(dates).toEqual([start, addDays(holiday, 7)].filter((d) => !isClosed(d)));
  });

  it('two job runs at the same time place each occurrence exactly once', async () => {
    const monday = mondayFrom(addDays(today, 70));
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await schedule({
        monday: true,
        tuesday: true,
        wednesday: true,
        thursday: true,
        friday: true,
        startDate: addDays(monday, i),
      });
      ids.push(body.data.id);
    }
    let other: Database | null = null;
    let runs: Promise<unknown>[];
    if (kind === 'postgres') {
      // A second process: its own pool on the same database.
      const [{ name } = { name: '' }] = await rows<{ name: string }>(ctx.database.db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      other = await openPostgres(url.toString(), 4);
      runs = [
        materializeDueOrders(ctx.database.db, monday),
        materializeDueOrders(other.db, monday),
        materializeDueOrders(other.db, monday),
        materializeDueOrders(ctx.database.db, monday),
      ];
    } else {
      runs = [materializeDueOrders(ctx.database.db, monday), materializeDueOrders(ctx.database.db, monday)];
    }
    const results = (await Promise.all(runs)) as { created: number; failed: number }[];
    await other?.close();
    expect(results.every((r) => r.failed === 0)).toBe(true);
    // Then once more, one after the other.
    await materializeDueOrders(ctx.database.db, monday);

    const duplicates = await rows(
      ctx.database.db,
      sql`SELECT scheduled_order_id, scheduled_date FROM orders WHERE scheduled_order_id IS NOT NULL AND scheduled_date IS NOT NULL
          GROUP BY 1, 2 HAVING count(*) > 1`,
    );
    expect(duplicates).toEqual([]);
    let total = 0;
    for (const [i, id] of ids.entries()) {
      const expected: string[] = [];
      for (let d = addDays(monday, i); d <= addDays(monday, 14); d = addDays(d, 1)) {
        if (weekday(d) >= 1 && weekday(d) <= 5 && !isClosed(d)) expected.push(d);
      }
      const dates = (await ordersOf(id)).map((o) => o.date);
      expect(dates).toEqual(expected);
      total += expected.length;
    }
    // Every order was created by exactly one of the concurrent runs (seeded schedules add theirs).
    expect(results.reduce((sum, r) => sum + r.created, 0)).toBeGreaterThanOrEqual(total);
  });

  it('saving places the next 14 days at once; a change replaces open orders; deleting stops it', async () => {
    const start = addDays(today, 1);
    const created = await schedule({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, startDate: start });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(created.body.data.lines).toEqual([expect.objectContaining({ productId: product.id, quantityOrdered: product.qtyHeight * 2 })]);
    expect(created.body.data.upcoming.length).toBe(5);
    const firstWave = await ordersOf(id);
    const expected: string[] = [];
    for (let d = start; d <= addDays(today, 14); d = addDays(d, 1))
      if (weekday(d) >= 1 && weekday(d) <= 5 && !isClosed(d)) expected.push(d);
    expect(firstWave.map((o) => o.date)).toEqual(expected);

    // Only Fridays from now on: the open (Ordered) orders are cancelled and Fridays placed again.
    const changed = await schedule({ id, friday: true, startDate: start });
    expect(changed.status).toBe(200);
    const after = await ordersOf(id);
    const cancelled = after.filter((o) => o.status === 7);
    expect(cancelled.map((o) => o.id).sort()).toEqual(firstWave.map((o) => o.id).sort());
    expect(cancelled.every((o) => o.date === null)).toBe(true);
    const open = after.filter((o) => o.status === 1);
    expect(open.map((o) => o.date)).toEqual(expected.filter((d) => weekday(d) === 5));
    const history = (await ctx.call('GET', `/api/Orders/${cancelled[0]?.id}`, { token: tokens.kari })).body.data.history;
    expect(history.at(-1)).toMatchObject({ toStatusId: 7, comment: 'Den faste ordren ble endret' });

    const listed = (await ctx.call('GET', `/api/ScheduledOrders?locationId=${kari.id}&transactionTypeId=1`, { token: tokens.kari })).body
      .data;
    expect(listed.map((s: { id: number }) => s.id)).toContain(id);
    const fill = await ctx.call('GET', `/api/ScheduleOrderFill?id=${id}`, { token: tokens.kari });
    const [truck] = await rows<{ capacity: number }>(
      ctx.database.db,
      sql`SELECT tpu_count + tpu_count2 AS capacity FROM truck_types WHERE is_default ORDER BY id LIMIT 1`,
    );
    expect(fill.body.data).toBeCloseTo(2 / (truck?.capacity ?? 1), 4);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ScheduledOrders/${id}`,
      headers: { authorization: `Bearer ${tokens.kari}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.active).toBe(false);
    expect((await ordersOf(id)).filter((o) => o.status === 1)).toEqual([]);
    const active = (await ctx.call('GET', `/api/ScheduledOrders?locationId=${kari.id}`, { token: tokens.kari })).body.data;
    expect(active.map((s: { id: number }) => s.id)).not.toContain(id);
    const all = (await ctx.call('GET', `/api/ScheduledOrders?locationId=${kari.id}&includeInactive=true`, { token: tokens.kari })).body
      .data;
    expect(all.map((s: { id: number }) => s.id)).toContain(id);
    const before = (await ordersOf(id)).length;
    await materializeDueOrders(ctx.database.db);
    expect(await ordersOf(id)).toHaveLength(before);
  });

  it('bad input answers 400 with field messages and stores nothing', async () => {
    const before = await countSchedules();
    const start = addDays(today, 40);
    const noDay = await schedule({ startDate: start });
    expect(noDay.status).toBe(400);
    expect(noDay.body.error.fields.weekdays).toBe('Velg minst én ukedag');
    const backwards = await schedule({ monday: true, startDate: start, endDate: addDays(start, -1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.endDate).toBe('Fra-dato kan ikke være etter til-dato');
    const interval = await schedule({ monday: true, startDate: start, intervalWeeks: 53 });
    expect(interval.status).toBe(400);
    expect(interval.body.error.fields.intervalWeeks).toBeTruthy();
    const step = await schedule({
      monday: true,
      startDate: start,
      lines: [{ productId: product.id, quantityOrdered: product.qtyHeight + 1 }],
    });
    expect(step.status).toBe(400);
    expect(step.body.error.type).toBe('QUANTITY_STEP');
    expect(step.body.error.fields['lines.0.quantityOrdered']).toBeTruthy();
    const date = await schedule({ monday: true, startDate: '2026-13-45x' });
    expect(date.status).toBe(400);
    expect(date.body.error.fields.startDate).toBe('Skriv datoen som åååå-MM-dd');
    expect(await countSchedules()).toBe(before);
  });

  it('another customer’s schedules answer as if they did not exist', async () => {
    const { body } = await schedule({ thursday: true, startDate: addDays(today, 50) });
    const id = body.data.id;
    const auth = { authorization: `Bearer ${tokens.ole}` };
    expect((await ctx.call('GET', `/api/ScheduledOrders?locationId=${kari.id}`, { token: tokens.ole })).status).toBe(404);
    expect((await ctx.call('GET', `/api/ScheduledOrders/${id}`, { token: tokens.ole })).status).toBe(404);
    expect((await ctx.call('GET', `/api/ScheduleOrderFill?id=${id}`, { token: tokens.ole })).status).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/ScheduledOrders/${id}`, headers: auth })).statusCode).toBe(404);
    const hijack = await schedule({ id, thursday: true, startDate: addDays(today, 50), locationIdTo: kari.id }, tokens.ole);
    expect(hijack.status).toBe(404);
    const [still] = await rows<{ active: boolean; thursday: boolean }>(
      ctx.database.db,
      sql`SELECT active, thursday FROM scheduled_orders WHERE id = ${id}`,
    );
    expect(still).toEqual({ active: true, thursday: true });
    // The provider's global admin sees it.
    expect((await ctx.call('GET', `/api/ScheduledOrders/${id}`, { token: tokens.admin })).status).toBe(200);
  });
});

describe('schedule occurrences', () => {
  const rule = { intervalWeeks: 2, ...noWeekdays, monday: true, friday: true, startDate: '2027-03-03', endDate: '2027-04-02' };
  it('count interval weeks from the week of the start date and stay within start and end', () => {
    // 2027-03-03 is a Wednesday: its week (from Monday 1 March) is week 0, so the first
    // Friday is 5 March, the next Monday/Friday pair falls in week 2 (15 and 19 March).
    expect(ruleDates(rule, '2027-02-01', '2027-05-01')).toEqual(['2027-03-05', '2027-03-15', '2027-03-19', '2027-03-29', '2027-04-02']);
    expect(ruleDates({ ...rule, intervalWeeks: 1, endDate: null }, '2027-03-20', '2027-03-26')).toEqual(['2027-03-22', '2027-03-26']);
  });
  it('skip closed days instead of moving them', () => {
    // Good Friday (26 March) and Easter Monday (29 March) 2027 are public holidays in Norway;
    // the provider closes 22 March.
    const weekly = { ...rule, intervalWeeks: 1, endDate: null };
    expect(occurrences(weekly, '2027-03-20', '2027-04-05', 'NO', new Set(['2027-03-22']))).toEqual(['2027-04-02', '2027-04-05']);
    // The closure is Norway's only: in Sweden 22 March is an open Monday.
    expect(occurrences(weekly, '2027-03-20', '2027-04-05', 'SE', new Set())).toEqual(['2027-03-22', '2027-04-02', '2027-04-05']);
    expect(nextOccurrence(weekly, '2027-03-20', 'NO', new Set(['2027-03-22']))).toBe('2027-04-02');
    expect(nextOccurrence(rule, '2027-04-02', 'NO', new Set())).toBeNull();
  });
});
