/**
 * Container orders (Container > Orders; issue 11; docs/container-orders.md): a location with the
 * container feature orders containers (Open); provider staff confirm and deliver the order, and
 * delivering registers the rental the provider then opens; the ordering side or the provider
 * cancels it. Users without the Container area get 403, another customer's users 404. The ledger
 * check holds after every test (no order moves it).
 */
import type { Country } from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const DAY = 86_400_000;
/** yyyy-MM-dd `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

describe.each(backends)('container orders (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'staff' | 'mikko' | 'ole' | 'kari' | 'other', string> = {
    admin: '',
    staff: '',
    mikko: '',
    ole: '',
    kari: '',
    other: '',
  };
  /** mikko's location (Pohjolan Tukku Vantaa), a container-active location of another customer, the container product. */
  let mikkoLocation: number;
  let otherLocation: number;
  let container: number;
  /** Open days in Finland from tomorrow on (closures included), and a Saturday. */
  let openDays: string[];
  let saturday: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'mikko', 'ole', 'kari'] as const) tokens[name] = await ctx.login(name);
    const db = ctx.database.db;
    const [staff] = await rows<{ loginName: string }>(
      db,
      sql`SELECT u.login_name AS "loginName" FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE c.is_provider AND NOT u.is_global_admin AND u.is_active
            AND NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id) ORDER BY u.id LIMIT 1`,
    );
    tokens.staff = await ctx.login(staff?.loginName ?? '');
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: tokens.mikko })).body.data.id;
    // A user of another customer whose own location has the container feature and who holds every task.
    const [other] = await rows<{ loginName: string; locationId: number }>(
      db,
      sql`SELECT u.login_name AS "loginName", u.location_id AS "locationId" FROM users u
          JOIN locations l ON l.id = u.location_id JOIN customers c ON c.id = u.customer_id
          WHERE NOT c.is_provider AND u.is_active AND u.confirmed_gdpr AND l.is_container_active AND l.status_id = 1
            AND u.customer_id <> (SELECT customer_id FROM locations WHERE id = ${mikkoLocation})
            AND NOT u.is_customer_admin AND u.report_level = 0
            AND NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id)
          ORDER BY u.id LIMIT 1`,
    );
    tokens.other = await ctx.login(other?.loginName ?? '');
    otherLocation = Number(other?.locationId);
    const [product] = await rows<{ id: number }>(
      db,
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE ct.is_container ORDER BY p.id LIMIT 1`,
    );
    container = Number(product?.id);
    const closures = new Set(
      (await rows<{ day: string }>(db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'FI'`)).map((r) => r.day),
    );
    openDays = Array.from({ length: 40 }, (_, i) => day(i + 2)).filter((d) => isOpenDay(d, 'FI' as Country, closures));
    saturday = Array.from({ length: 7 }, (_, i) => day(i + 2)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 6) as string;
  });
  afterAll(() => ctx.close());

  const order = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/ContainerOrders', { token, body });
  const step = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/ContainerOrderStatus', { token, body });
  const get = (token: string, id: number) => ctx.call('GET', `/api/ContainerOrders/${id}`, { token });
  const list = async (token: string, query = '') => (await ctx.call('GET', `/api/ContainerOrders${query}`, { token })).body.data;
  const newOrder = (extra: Record<string, unknown> = {}) => ({
    locationId: mikkoLocation,
    productId: container,
    quantity: 3,
    wantedDate: openDays[0],
    ...extra,
  });
  /** mikko orders; answers the new order. */
  async function mikkoOrders(extra: Record<string, unknown> = {}) {
    const answer = await order(tokens.mikko, newOrder(extra));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data;
  }
  const count = async (table: 'container_orders' | 'rentals') =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);

  it('the demo shows mikko his location’s orders in every status, the delivered one with its registered rental', async () => {
    const mine = await list(tokens.mikko);
    expect(new Set(mine.map((o: { status: string }) => o.status))).toEqual(new Set(['Open', 'Confirmed', 'Delivered', 'Cancelled']));
    expect(mine.every((o: { locationId: number }) => o.locationId === mikkoLocation)).toBe(true);
    const delivered = mine.find((o: { status: string }) => o.status === 'Delivered');
    // The rental links back to its order (no text of one language stored in it).
    const rental = (await ctx.call('GET', `/api/Rentals/${delivered.rentalId}`, { token: tokens.mikko })).body.data;
    expect(rental).toMatchObject({ status: 'Registered', comment: null, containerOrderId: delivered.id, quantity: delivered.quantity });
    const detail = (await get(tokens.mikko, delivered.id)).body.data;
    expect(detail.history.map((h: { toStatus: string }) => h.toStatus)).toEqual(['Open', 'Confirmed', 'Delivered']);
    expect(detail.history[0].userName).toBe('Mikko Korhonen');
    expect(detail.may).toEqual({ edit: false, confirm: false, deliver: false, cancel: false });
    // The provider sees other locations' orders as well, newest first.
    const all = await list(tokens.admin);
    expect(all.length).toBeGreaterThan(mine.length);
    const created = all.map((o: { createdAt: string }) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('users without the Container area get 403 on every call: ole (no CONTAINER task) and kari (no container feature)', async () => {
    const [demoOrder] = await list(tokens.mikko);
    for (const token of [tokens.ole, tokens.kari]) {
      expect((await ctx.call('GET', '/api/ContainerOrders', { token })).status).toBe(403);
      expect((await ctx.call('GET', '/api/ContainerOrderOptions', { token })).status).toBe(403);
      expect((await get(token, demoOrder.id)).status).toBe(403);
      expect((await order(token, newOrder())).status).toBe(403);
      expect((await step(token, { id: demoOrder.id, status: 'Cancelled' })).status).toBe(403);
    }
  });

  it('another customer’s user neither sees nor steps mikko’s orders, nor orders for his location (404)', async () => {
    const before = await count('container_orders');
    const mine = await mikkoOrders();
    const theirs = await list(tokens.other);
    expect(theirs.some((o: { locationId: number }) => o.locationId === mikkoLocation)).toBe(false);
    expect((await get(tokens.other, mine.id)).status).toBe(404);
    expect((await step(tokens.other, { id: mine.id, status: 'Cancelled' })).status).toBe(404);
    expect((await order(tokens.other, newOrder())).status).toBe(404);
    expect((await order(tokens.other, newOrder({ id: mine.id, locationId: otherLocation }))).status).toBe(404);
    expect((await ctx.call('GET', `/api/ContainerOrders?locationId=${mikkoLocation}`, { token: tokens.other })).status).toBe(404);
    expect((await get(tokens.mikko, 2_000_000_000)).status).toBe(404);
    expect(await count('container_orders')).toBe(before + 1);
    // The options name only the caller's own container locations; the provider's, every one.
    const options = (await ctx.call('GET', '/api/ContainerOrderOptions', { token: tokens.other })).body.data;
    expect(options.locations.map((l: { id: number }) => l.id)).not.toContain(mikkoLocation);
    expect(options.products).toEqual([{ id: container, name: expect.stringMatching(/\w/) }]);
    const provider = (await ctx.call('GET', '/api/ContainerOrderOptions', { token: tokens.admin })).body.data;
    expect(provider.locations.map((l: { id: number }) => l.id)).toEqual(expect.arrayContaining([mikkoLocation, otherLocation]));
  });

  it('mikko orders 3 containers: Open, ordered by him, and the provider’s container desk is alerted', async () => {
    const data = await mikkoOrders({ reference: '  PO-77 ', comment: 'Lastauslaituri 2' });
    expect(data).toMatchObject({
      status: 'Open',
      quantity: 3,
      productId: container,
      wantedDate: openDays[0],
      reference: 'PO-77',
      comment: 'Lastauslaituri 2',
      locationId: mikkoLocation,
      rentalId: null,
      may: { edit: true, confirm: false, deliver: false, cancel: true },
    });
    expect(data.ordered.name).toBe('Mikko Korhonen');
    expect(data.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'Open', userName: 'Mikko Korhonen' })]);
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.admin })).body.data;
    const alert = alerts.find((a: { source: string; sourceId: number }) => a.source === 'ContainerOrder' && a.sourceId === data.id);
    expect(alert).toMatchObject({ target: `containers/orders/${data.id}` });
    expect(alert.title).toContain(String(data.id));
    expect(
      (await ctx.call('GET', '/api/Alerts', { token: tokens.mikko })).body.data.some((a: { sourceId: number }) => a.sourceId === data.id),
    ).toBe(false);
  });

  it('refuses bad quantities, a day in the past or not open, and a product that is no container with 400, writing nothing', async () => {
    const before = await count('container_orders');
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 51 }, 'quantity'],
      [{ quantity: 2.5 }, 'quantity'],
      [{ wantedDate: day(-3) }, 'wantedDate'],
      [{ wantedDate: saturday }, 'wantedDate'],
      [{ wantedDate: '2027-02-29' }, 'wantedDate'],
      [{ productId: 1 }, 'productId'],
      [{ productId: 999_999 }, 'productId'],
      [{ reference: 'x'.repeat(101) }, 'reference'],
      [{ locationId: 'x' }, 'locationId'],
    ];
    for (const [extra, field] of cases) {
      const answer = await order(tokens.mikko, newOrder(extra));
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      expect(Object.keys(answer.body.error.fields ?? {}), JSON.stringify(extra)).toContain(field);
    }
    expect((await order(tokens.mikko, newOrder({ wantedDate: saturday }))).body.error.type).toBe('CLOSED_DAY');
    // mikko's session speaks Finnish: the field message comes in his language.
    expect((await order(tokens.mikko, newOrder({ wantedDate: day(-3) }))).body.error.fields.wantedDate).toBe(
      translator('fi-FI')('containerOrders.fields.pastDate'),
    );
    expect(await count('container_orders')).toBe(before);
  });

  it('the provider confirms and delivers; delivering registers one rental; every step is in the history and alerts the location', async () => {
    const created = await mikkoOrders({ quantity: 7, wantedDate: openDays[2] });
    expect((await step(tokens.mikko, { id: created.id, status: 'Confirmed' })).status).toBe(403);
    expect((await step(tokens.admin, { id: created.id, status: 'Delivered' })).status).toBe(409);
    const confirmed = await step(tokens.staff, { id: created.id, status: 'Confirmed', comment: 'Tulossa' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.may).toMatchObject({ deliver: true, cancel: true });
    expect(confirmed.body.data.cancelNeedsComment).toBe(true);
    const mikkoSees = (await get(tokens.mikko, created.id)).body.data;
    expect(mikkoSees).toMatchObject({ status: 'Confirmed', may: { edit: false, confirm: false, deliver: false, cancel: false } });
    // The ordering side may no longer cancel a confirmed order, nor change it: the order moved on
    // under a page that still offered the step, a conflict (409, why on `status`), not a permission.
    const late = await step(tokens.mikko, { id: created.id, status: 'Cancelled' });
    expect(late.status).toBe(409);
    expect(late.body.error.fields.status).toBe(translator('fi-FI')('containerOrders.reasons.fromConfirmed'));
    expect((await order(tokens.mikko, newOrder({ id: created.id, quantity: 1 }))).status).toBe(409);
    const rentalsBefore = await count('rentals');
    const delivered = await step(tokens.admin, { id: created.id, status: 'Delivered' });
    expect(delivered.status).toBe(200);
    const data = delivered.body.data;
    expect(data.status).toBe('Delivered');
    expect(await count('rentals')).toBe(rentalsBefore + 1);
    const [rental] = await rows<{
      locationId: number;
      productId: number;
      quantity: number;
      status: string;
      startDate: string;
      registeredBy: number;
      comment: string;
    }>(
      ctx.database.db,
      sql`SELECT r.location_id AS "locationId", r.product_id AS "productId", r.quantity, r.status, r.start_date::text AS "startDate",
            r.registered_by_user_id AS "registeredBy", r.comment
          FROM rentals r WHERE r.id = ${data.rentalId}`,
    );
    expect(rental).toMatchObject({
      locationId: mikkoLocation,
      productId: container,
      quantity: 7,
      status: 'Registered',
      startDate: openDays[2],
      comment: null,
    });
    const shown = (await ctx.call('GET', `/api/Rentals/${data.rentalId}`, { token: tokens.admin })).body.data;
    expect(shown.containerOrderId).toBe(created.id);
    expect(Number(rental?.registeredBy)).toBe(created.ordered.userId);
    expect(data.history.map((h: { fromStatus: string | null; toStatus: string }) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'Open'],
      ['Open', 'Confirmed'],
      ['Confirmed', 'Delivered'],
    ]);
    expect(data.history[1].comment).toBe('Tulossa');
    // Nothing moves on from Delivered.
    for (const status of ['Confirmed', 'Delivered', 'Cancelled']) {
      expect((await step(tokens.admin, { id: created.id, status, comment: 'x' })).status).toBe(409);
    }
    const alerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.mikko })).body.data.filter(
      (a: { source: string; sourceId: number }) => a.source === 'ContainerOrder' && a.sourceId === created.id,
    );
    expect(alerts).toHaveLength(2);
    expect(alerts[0].target).toBe(`containers/orders/${created.id}`);
  });

  it('mikko cancels his open order; the provider cancels a confirmed one only with a comment', async () => {
    const open = await mikkoOrders();
    const cancelled = await step(tokens.mikko, { id: open.id, status: 'Cancelled', comment: 'Ei tarvita' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('Cancelled');
    // The provider's container desk hears of it (in its own language, with mikko's reason); mikko does not.
    const staffAlerts = (await ctx.call('GET', '/api/Alerts', { token: tokens.staff })).body.data.filter(
      (a: { source: string; sourceId: number }) => a.source === 'ContainerOrder' && a.sourceId === open.id,
    );
    expect(staffAlerts).toHaveLength(2);
    expect(staffAlerts[0].text).toContain('Ei tarvita');
    expect(
      (await ctx.call('GET', '/api/Alerts', { token: tokens.mikko })).body.data.some(
        (a: { source: string; sourceId: number }) => a.source === 'ContainerOrder' && a.sourceId === open.id,
      ),
    ).toBe(false);
    expect((await step(tokens.mikko, { id: open.id, status: 'Cancelled' })).status).toBe(409);

    const second = await mikkoOrders();
    expect((await step(tokens.admin, { id: second.id, status: 'Confirmed' })).status).toBe(200);
    const withoutReason = await step(tokens.admin, { id: second.id, status: 'Cancelled', comment: '  ' });
    expect(withoutReason.status).toBe(400);
    expect(Object.keys(withoutReason.body.error.fields)).toEqual(['comment']);
    const withReason = await step(tokens.admin, { id: second.id, status: 'Cancelled', comment: 'Ei vapaita kontteja' });
    expect(withReason.status).toBe(200);
    expect(withReason.body.data.history.at(-1)).toMatchObject({
      fromStatus: 'Confirmed',
      toStatus: 'Cancelled',
      comment: 'Ei vapaita kontteja',
    });
    expect(withReason.body.data.rentalId).toBeNull();
  });

  it('the ordering side changes an open order; the provider may not (403)', async () => {
    const open = await mikkoOrders();
    const changed = await order(tokens.mikko, newOrder({ id: open.id, quantity: 12, wantedDate: openDays[3], reference: 'PO-9' }));
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: open.id, quantity: 12, wantedDate: openDays[3], reference: 'PO-9', status: 'Open' });
    expect(changed.body.data.history).toHaveLength(1);
    expect((await order(tokens.admin, newOrder({ id: open.id, quantity: 1 }))).status).toBe(403);
    expect((await get(tokens.mikko, open.id)).body.data.quantity).toBe(12);
  });

  it('of two deliveries at once one wins and the other gets 409: one rental', async () => {
    const created = await mikkoOrders();
    expect((await step(tokens.admin, { id: created.id, status: 'Confirmed' })).status).toBe(200);
    const rentalsBefore = await count('rentals');
    const answers = await Promise.all([
      step(tokens.admin, { id: created.id, status: 'Delivered' }),
      step(tokens.staff, { id: created.id, status: 'Delivered' }),
      step(tokens.admin, { id: created.id, status: 'Delivered' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(await count('rentals')).toBe(rentalsBefore + 1);
    const history = (await get(tokens.mikko, created.id)).body.data.history;
    expect(history.filter((h: { toStatus: string }) => h.toStatus === 'Delivered')).toHaveLength(1);
  });

  it('of a cancel by the ordering side and a confirmation at once, the loser gets 409 whichever it is (issue 20)', async () => {
    for (let round = 0; round < 4; round++) {
      const created = await mikkoOrders();
      const [cancel, confirm] = await Promise.all([
        step(tokens.mikko, { id: created.id, status: 'Cancelled' }),
        step(tokens.admin, { id: created.id, status: 'Confirmed' }),
      ]);
      expect([cancel.status, confirm.status].sort()).toEqual([200, 409]);
      const history = (await get(tokens.mikko, created.id)).body.data.history;
      expect(history).toHaveLength(2);
    }
  });

  it('the list filters by status, location, term (number or reference) and the ordered or wanted day', async () => {
    const a = await mikkoOrders({ reference: 'FILTER-ABC', wantedDate: openDays[5] });
    const open = await list(tokens.mikko, '?status=Open');
    expect(open.length).toBeGreaterThan(0);
    expect(open.every((o: { status: string }) => o.status === 'Open')).toBe(true);
    const two = await list(tokens.mikko, '?status=Delivered,Cancelled');
    expect(new Set(two.map((o: { status: string }) => o.status))).toEqual(new Set(['Delivered', 'Cancelled']));
    expect((await list(tokens.mikko, '?term=filter-ab')).map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect((await list(tokens.mikko, `?term=${a.id}`)).map((o: { id: number }) => o.id)).toContain(a.id);
    const wanted = await list(tokens.mikko, `?dateField=wanted&from=${openDays[5]}&to=${openDays[5]}`);
    expect(wanted.map((o: { id: number }) => o.id)).toContain(a.id);
    expect(wanted.every((o: { wantedDate: string }) => o.wantedDate === openDays[5])).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const createdToday = await list(tokens.mikko, `?from=${today}&to=${today}`);
    expect(createdToday.map((o: { id: number }) => o.id)).toContain(a.id);
    expect((await list(tokens.mikko, `?to=${day(-60)}`)).length).toBe(0);
    const byLocation = await list(tokens.admin, `?locationId=${otherLocation}`);
    expect(byLocation.every((o: { locationId: number }) => o.locationId === otherLocation)).toBe(true);
    for (const bad of ['?status=Done', '?from=2026-13-01', `?from=${day(2)}&to=${day(1)}`, '?dateField=x', '?locationId=0']) {
      expect((await ctx.call('GET', `/api/ContainerOrders${bad}`, { token: tokens.mikko })).status, bad).toBe(400);
    }
  });
});
