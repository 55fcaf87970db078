/**
 * The balance (issue 8, "Balance"; docs/domain.md, "Balance screen"): GET Inventory per product
 * of a location or of all locations in scope, with money only for users who may see it;
 * GET BalanceLocations; GET BalanceHistory, whose balance at `from` plus its entries is the
 * balance now. Each demo user sees exactly their scope.
 */
import { todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const users = ['admin', 'kari', 'ole', 'lise', 'mikko'] as const;
type DemoUser = (typeof users)[number];

interface Line {
  productId: number;
  productName: string;
  poolingBalance: number;
  commissionBalance: number;
  creditOwes: { currency: string; unitPrice: number; amount: number }[] | null;
  physicalBalance: number | null;
  physicalDate: string | null;
  countAuditId: number | null;
  incoming: number;
  outgoing: number;
  expected: number;
  levelState: string | null;
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe.each(backends)('balance (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = {} as Record<DemoUser, string>;
  const acting = {} as Record<DemoUser, { id: number; customerId: number; countryId: string }>;
  /** A location of a customer none of the demo users (but admin) belongs to. */
  let foreign: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const user of users) {
      tokens[user] = await ctx.login(user);
      acting[user] = (await ctx.call('GET', '/api/location', { token: tokens[user] })).body.data;
    }
    const demoCustomers = [...new Set(Object.values(acting).map((l) => l.customerId))];
    const [other] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT l.id FROM locations l WHERE l.customer_id <> ALL(${`{${demoCustomers.join(',')}}`}::int[])
          AND EXISTS (SELECT 1 FROM balances b WHERE b.location_id = l.id) ORDER BY l.id LIMIT 1`,
    );
    foreign = Number(other?.id);
  });

  afterAll(() => ctx.close());

  const inventory = (user: DemoUser, query = '') => ctx.call('GET', `/api/Inventory${query}`, { token: tokens[user] });

  /** The locations a demo user's scope holds, by the rule of docs/domain.md ("Scope"). */
  async function expectedScope(user: DemoUser): Promise<number[]> {
    const db = ctx.database.db;
    const query =
      user === 'admin'
        ? sql`SELECT id FROM locations`
        : user === 'kari'
          ? sql`SELECT id FROM locations WHERE customer_id = ${acting.kari.customerId}`
          : sql`SELECT ul.location_id AS id FROM user_locations ul JOIN users u ON u.id = ul.user_id WHERE u.login_name = ${user}
                UNION SELECT ${acting[user].id}::int`;
    return (await rows<{ id: number }>(db, query)).map((r) => Number(r.id)).sort((a, b) => a - b);
  }

  it.each(users)('%s reads the balance of exactly the locations of their scope, and gets 404 for any other', async (user) => {
    const listed = await ctx.call('GET', '/api/BalanceLocations', { token: tokens[user] });
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((l: { id: number }) => l.id);
    expect(ids[0]).toBe(acting[user].id);
    expect([...ids].sort((a: number, b: number) => a - b)).toEqual(await expectedScope(user));

    const own = await inventory(user);
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ locationId: acting[user].id, all: false, priceDate: todayIn(acting[user].countryId) });
    for (const id of ids.slice(0, 3)) expect((await inventory(user, `?locationId=${id}`)).status).toBe(200);
    if (user !== 'admin') {
      const other = await inventory(user, `?locationId=${foreign}`);
      expect(other.status).toBe(404);
      expect(other.body.error.type).toBe('NOT_FOUND');
      const history = await ctx.call('GET', `/api/BalanceHistory?locationId=${foreign}&productId=1&from=${daysAgo(30)}&to=${today()}`, {
        token: tokens[user],
      });
      expect(history.status).toBe(404);
    }
  });

  it.each(users)(
    'the pooling and commission balances of %s agree with GET stockDetails, and the expected balance adds the transit',
    async (user) => {
      const [balance, stock] = await Promise.all([inventory(user), ctx.call('GET', '/api/stockDetails', { token: tokens[user] })]);
      expect(stock.status).toBe(200);
      const lines: Line[] = balance.body.data.lines;
      const of = (productId: number, kind: string) =>
        stock.body.data.balances.find(
          (b: { productId: number; balanceKind: string }) => b.productId === productId && b.balanceKind === kind,
        )?.quantity ?? 0;
      for (const line of lines) {
        expect(line.poolingBalance, line.productName).toBe(of(line.productId, 'pooling'));
        expect(line.commissionBalance, line.productName).toBe(of(line.productId, 'commission'));
        const transit = stock.body.data.inTransit.find((t: { productId: number }) => t.productId === line.productId);
        expect([line.incoming, line.outgoing]).toEqual([transit?.incoming ?? 0, transit?.outgoing ?? 0]);
        expect(line.expected).toBe(line.poolingBalance + line.commissionBalance + line.incoming - line.outgoing);
      }
      const stocked = new Set(stock.body.data.balances.map((b: { productId: number }) => b.productId));
      for (const id of stocked) expect(lines.some((l) => l.productId === id)).toBe(true);
    },
  );

  it('kari (finance permission) sees credit / owes: commission balance x the Norwegian sell price in NOK; ole and mikko see no money', async () => {
    const kari = await inventory('kari');
    const prices = await rows<{ productId: number; sell: number }>(
      ctx.database.db,
      sql`SELECT p.product_id AS "productId", p.sell_price AS sell FROM price_list_products p
          JOIN price_lists l ON l.id = p.price_list_id WHERE l.country_id = 'NO' AND l.valid_from <= current_date
          AND (l.valid_to IS NULL OR l.valid_to >= current_date) ORDER BY l.valid_from DESC`,
    );
    const lines: Line[] = kari.body.data.lines;
    expect(lines.some((l) => l.commissionBalance !== 0)).toBe(true);
    let total = 0;
    for (const line of lines) {
      const sell = Number(prices.find((p) => Number(p.productId) === line.productId)?.sell);
      expect(line.creditOwes).toEqual([{ currency: 'NOK', unitPrice: sell, amount: line.commissionBalance * sell }]);
      total += line.commissionBalance * sell;
    }
    expect(kari.body.data.totals.creditOwes).toEqual([{ currency: 'NOK', amount: total }]);

    for (const user of ['ole', 'mikko', 'lise'] as const) {
      const answer = await inventory(user);
      expect(answer.status).toBe(200);
      expect(answer.body.data.lines.length).toBeGreaterThan(0);
      for (const line of answer.body.data.lines as Line[]) expect(line.creditOwes).toBeNull();
      expect(answer.body.data.totals.creditOwes).toBeNull();
    }
  });

  it('"all locations" sums every location of the scope; the global admin’s money sums per currency', async () => {
    const all = await inventory('kari', '?all=true');
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ locationId: null, all: true });
    const locations = (await ctx.call('GET', '/api/BalanceLocations', { token: tokens.kari })).body.data as { id: number }[];
    const sums = new Map<number, { pooling: number; commission: number; incoming: number; outgoing: number }>();
    for (const { id } of locations) {
      for (const line of (await inventory('kari', `?locationId=${id}`)).body.data.lines as Line[]) {
        const sum = sums.get(line.productId) ?? { pooling: 0, commission: 0, incoming: 0, outgoing: 0 };
        sum.pooling += line.poolingBalance;
        sum.commission += line.commissionBalance;
        sum.incoming += line.incoming;
        sum.outgoing += line.outgoing;
        sums.set(line.productId, sum);
      }
    }
    for (const line of all.body.data.lines as Line[]) {
      const sum = sums.get(line.productId);
      expect(line.poolingBalance).toBe(sum?.pooling ?? 0);
      expect(line.commissionBalance).toBe(sum?.commission ?? 0);
      // An order between two of kari's locations is in and out of the sum alike.
      expect(line.incoming - line.outgoing).toBe((sum?.incoming ?? 0) - (sum?.outgoing ?? 0));
      expect(line.creditOwes?.map((c) => c.currency)).toEqual(['NOK']);
    }

    const pool = await inventory('admin', '?all=true');
    expect(pool.status).toBe(200);
    expect(pool.body.data.totals.creditOwes.map((c: { currency: string }) => c.currency)).toEqual(['DKK', 'EUR', 'NOK', 'SEK']);
    const eur = (pool.body.data.lines as Line[]).find((l) => l.creditOwes && l.creditOwes.length > 1);
    expect(eur?.creditOwes?.every((c) => Number.isInteger(c.amount) && Number.isInteger(c.unitPrice))).toBe(true);
  });

  it('refuses a location together with all, and bad ids, with a field message', async () => {
    const both = await inventory('kari', `?all=true&locationId=${acting.kari.id}`);
    expect(both.status).toBe(400);
    // In the caller's language (the session's: kari's is Norwegian).
    expect(both.body.error.fields.all).toBe('Velg én lokasjon eller alle lokasjoner, ikke begge');
    expect((await inventory('kari', '?locationId=abc')).status).toBe(400);
    expect((await inventory('kari', '?all=maybe')).status).toBe(400);
  });

  /**
   * Kari registers a count of one product at her acting location through POST CountAudits; admin
   * confirms or rejects it through POST CountAuditConfirm (or leaves it registered).
   */
  async function count(productId: number, date: string, counted: number, decision: 'confirm' | 'reject' | 'leave') {
    const registered = await ctx.call('POST', '/api/CountAudits', {
      token: tokens.kari,
      body: { locationId: acting.kari.id, date, lines: [{ productId, countedQuantity: counted }] },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const id = Number(registered.body.data.id);
    if (decision !== 'leave') {
      const decided = await ctx.call('POST', '/api/CountAuditConfirm', {
        token: tokens.admin,
        body: { id, confirm: decision === 'confirm', ...(decision === 'reject' ? { comment: 'Count the yard too' } : {}) },
      });
      expect(decided.status).toBe(200);
    }
    return id;
  }

  it('the physical balance is the counted quantity of the last confirmed count audit, with its date', async () => {
    const [line] = (await inventory('kari')).body.data.lines as Line[];
    const productId = (line as Line).productId;
    await count(productId, daysAgo(40), 100, 'confirm');
    const last = await count(productId, daysAgo(10), 120, 'confirm');
    await count(productId, daysAgo(5), 999, 'leave');
    await count(productId, daysAgo(3), 888, 'reject');
    const after = ((await inventory('kari')).body.data.lines as Line[]).find((l) => l.productId === productId);
    expect(after).toMatchObject({ physicalBalance: 120, physicalDate: daysAgo(10), countAuditId: last });
  });

  describe('history', () => {
    const history = (user: DemoUser, query: string) => ctx.call('GET', `/api/BalanceHistory?${query}`, { token: tokens[user] });

    /** The product of a location with the most ledger entries in the last `days`. */
    async function busiest(locationId: number, days: number) {
      const [row] = await rows<{ productId: number }>(
        ctx.database.db,
        sql`SELECT product_id AS "productId" FROM ledger_entries WHERE location_id = ${locationId} AND booking_date >= ${daysAgo(days)}::date
            GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT 1`,
      );
      return Number(row?.productId);
    }

    it('the balance at from plus the entries up to today is the balance now, per kind; entries run by booking date with the running balance', async () => {
      const location = acting.kari.id;
      const productId = await busiest(location, 120);
      const answer = await history('kari', `locationId=${location}&productId=${productId}&from=${daysAgo(120)}&to=${today()}`);
      expect(answer.status).toBe(200);
      const data = answer.body.data;
      expect(data.entries.length).toBeGreaterThan(2);
      const now = ((await inventory('kari')).body.data.lines as Line[]).find((l) => l.productId === productId) as Line;
      const sumOf = (kind: string) =>
        data.entries
          .filter((e: { balanceKind: string }) => e.balanceKind === kind)
          .reduce((a: number, e: { quantity: number }) => a + e.quantity, 0);
      expect(data.balanceAtFrom.pooling + sumOf('pooling')).toBe(now.poolingBalance);
      expect(data.balanceAtFrom.commission + sumOf('commission')).toBe(now.commissionBalance);
      expect(data.balanceAtTo).toEqual({
        pooling: now.poolingBalance,
        commission: now.commissionBalance,
        total: now.poolingBalance + now.commissionBalance,
      });
      let running = data.balanceAtFrom.total;
      let previous = '';
      for (const entry of data.entries) {
        expect(entry.bookingDate >= previous).toBe(true);
        previous = entry.bookingDate;
        running += entry.quantity;
        expect(entry.balanceAfter.total).toBe(running);
        expect(entry.balanceAfter.total).toBe(entry.balanceAfter.pooling + entry.balanceAfter.commission);
        if (entry.source === 'order') {
          expect(entry.order.id).toBeGreaterThan(0);
          expect([entry.order.locationIdFrom, entry.order.locationIdTo]).toContain(location);
          expect(entry.order.transactionStatusId).toBe(5);
        }
      }
      expect(data.entries.at(-1).balanceAfter).toEqual(data.balanceAtTo);
    });

    it('a range in the past agrees with the ledger summed up to its ends', async () => {
      const location = acting.ole.id;
      const productId = await busiest(location, 400);
      const from = daysAgo(400);
      const to = daysAgo(200);
      const answer = await history('ole', `locationId=${location}&productId=${productId}&from=${from}&to=${to}`);
      expect(answer.status).toBe(200);
      const [sums] = await rows<{ before: number; through: number }>(
        ctx.database.db,
        sql`SELECT COALESCE(sum(quantity) FILTER (WHERE booking_date < ${from}::date), 0)::int AS before,
              COALESCE(sum(quantity) FILTER (WHERE booking_date <= ${to}::date), 0)::int AS through
            FROM ledger_entries WHERE location_id = ${location} AND product_id = ${productId} AND balance_kind IN ('pooling', 'commission')`,
      );
      expect(answer.body.data.balanceAtFrom.total).toBe(sums?.before);
      expect(answer.body.data.balanceAtTo.total).toBe(sums?.through);
      expect(answer.body.data.entries.every((e: { bookingDate: string }) => e.bookingDate >= from && e.bookingDate <= to)).toBe(true);
    });

    it('a count audit’s correction booked at a past count date sorts among that day’s entries and moves every balance after it', async () => {
      const location = acting.kari.id;
      const productId = await busiest(location, 60);
      // After the counts confirmed above (a count never settles before a confirmed later one).
      const countDate = daysAgo(8);
      const query = `locationId=${location}&productId=${productId}&from=${daysAgo(60)}&to=${today()}`;
      const before = (await history('kari', query)).body.data;
      // The balance at the end of the count date, from the history read before (it may be below zero
      // where commission carriers are owed); the count finds 15 more, or none at all.
      const atCountDate = [...before.entries].reverse().find((e: { bookingDate: string }) => e.bookingDate <= countDate);
      const balance = atCountDate ? atCountDate.balanceAfter.total : before.balanceAtFrom.total;
      const counted = Math.max(0, balance + 15);
      const difference = counted - balance;
      const audit = await count(productId, countDate, counted, 'confirm');
      const after = (await history('kari', query)).body.data;
      expect(after.balanceAtFrom).toEqual(before.balanceAtFrom);
      expect(after.balanceAtTo.total).toBe(before.balanceAtTo.total + difference);
      const correction = after.entries.find((e: { countAuditId: number | null }) => e.countAuditId === audit);
      expect(correction).toMatchObject({ bookingDate: countDate, quantity: difference, countAuditId: audit, order: null });
      const index = after.entries.indexOf(correction);
      expect(after.entries.slice(0, index).every((e: { bookingDate: string }) => e.bookingDate <= countDate)).toBe(true);
      expect(after.entries.slice(index + 1).every((e: { bookingDate: string }) => e.bookingDate >= countDate)).toBe(true);
    });

    it('bad dates, from after to, a period over two years and missing parameters answer 400 with the field; an unknown product 404', async () => {
      const base = `locationId=${acting.kari.id}&productId=1`;
      const reversed = await history('kari', `${base}&from=${today()}&to=${daysAgo(1)}`);
      expect(reversed.status).toBe(400);
      expect(reversed.body.error.fields.from).toBe('Fra-dato kan ikke være etter til-dato');
      const impossible = await history('kari', `${base}&from=2026-02-30&to=${today()}`);
      expect(impossible.status).toBe(400);
      expect(impossible.body.error.fields.from).toBe(
        (await import('@portal/domain/messages/nb-NO.json', { with: { type: 'json' } })).default.validation.date,
      );
      expect((await history('kari', `${base}&from=0000-01-01&to=${today()}`)).status).toBe(400);
      // At most two years at a time (a bounded answer): 731 days apart is the longest.
      const tooLong = await history('kari', `${base}&from=${daysAgo(732)}&to=${today()}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.body.error.fields.from).toBe('Perioden kan være høyst to år');
      expect((await history('kari', `${base}&from=${daysAgo(731)}&to=${today()}`)).status).toBe(200);
      expect((await history('kari', `${base}&to=${today()}`)).status).toBe(400);
      expect((await history('kari', `locationId=${acting.kari.id}&from=${daysAgo(1)}&to=${today()}`)).status).toBe(400);
      expect((await history('kari', `locationId=${acting.kari.id}&productId=99999&from=${daysAgo(1)}&to=${today()}`)).status).toBe(404);
    });
  });
});
