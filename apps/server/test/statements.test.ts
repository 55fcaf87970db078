/**
 * Statements (issue 22, "Statements and balance confirmations"): GET Statements, its PDF and
 * its workbook. The statement's figures equal the ledger's (opening = the entries before the
 * period, closing = those up to its end, in and out those of the period, each movement's balance
 * after it running on to the closing balance; opening + in - out = closing per product and
 * account; the closing balance of today the balance table's, of a day back the ledger's sums up to
 * it), in transit at the end of today equals the
 * balance screen's, and a location outside the caller's scope answers 404. Dates are the
 * location's own (todayIn), never the server's clock.
 */
import { addPlainDays, todayIn } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { pdfText } from './pdf-text.js';

interface LedgerSums {
  productId: number;
  balanceKind: string;
  before: number;
  quantityIn: number;
  quantityOut: number;
  upTo: number;
}

describe.each(backends)('statements (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let ole: string;
  let location: { id: number; customerId: number; countryId: string };
  let to: string;
  let from: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    kari = await ctx.login('kari');
    ole = await ctx.login('ole');
    location = (await ctx.call('GET', '/api/location', { token: kari })).body.data;
    to = todayIn(location.countryId);
    from = addPlainDays(to, -120);
  });
  afterAll(() => ctx.close());

  const statement = (token: string, query: string) => ctx.call('GET', `/api/Statements?${query}`, { token });

  it('equals the ledger: opening, in, out and closing per product and account, and every movement of the period', async () => {
    const answer = await statement(kari, `locationId=${location.id}&from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.location.id).toBe(location.id);
    expect(data.customer.id).toBe(location.customerId);
    const sums = await rows<LedgerSums>(
      ctx.database.db,
      sql`SELECT product_id AS "productId", balance_kind AS "balanceKind",
            COALESCE(sum(quantity) FILTER (WHERE booking_date < ${from}::date), 0)::int AS before,
            COALESCE(sum(quantity) FILTER (WHERE booking_date BETWEEN ${from}::date AND ${to}::date AND quantity > 0), 0)::int AS "quantityIn",
            COALESCE(-sum(quantity) FILTER (WHERE booking_date BETWEEN ${from}::date AND ${to}::date AND quantity < 0), 0)::int AS "quantityOut",
            COALESCE(sum(quantity) FILTER (WHERE booking_date <= ${to}::date), 0)::int AS "upTo"
          FROM ledger_entries WHERE location_id = ${location.id} GROUP BY 1, 2`,
    );
    const expected = sums
      .map((s) => ({
        productId: Number(s.productId),
        balanceKind: s.balanceKind,
        opening: Number(s.before),
        quantityIn: Number(s.quantityIn),
        quantityOut: Number(s.quantityOut),
        closing: Number(s.upTo),
      }))
      .filter((s) => s.opening || s.quantityIn || s.quantityOut || s.closing)
      .sort((a, b) => a.productId - b.productId || a.balanceKind.localeCompare(b.balanceKind));
    const accounts = data.accounts
      // biome-ignore lint/suspicious/noExplicitAny: the answer is read loosely
      .map(({ productName: _, ...a }: any) => a)
      .sort((a: LedgerSums, b: LedgerSums) => a.productId - b.productId || a.balanceKind.localeCompare(b.balanceKind));
    expect(accounts).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);

    const [{ count }] = (await rows<{ count: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS count FROM ledger_entries WHERE location_id = ${location.id} AND booking_date BETWEEN ${from}::date AND ${to}::date`,
    )) as [{ count: number }];
    expect(data.entries).toHaveLength(Number(count));
    expect(data.entries.length).toBeGreaterThan(0);
    // Each movement's balance after it runs from the opening to the closing balance.
    for (const a of data.accounts) {
      const own = data.entries.filter(
        (e: { productId: number; balanceKind: string }) => e.productId === a.productId && e.balanceKind === a.balanceKind,
      );
      if (own.length) expect(own.at(-1).balanceAfter).toBe(a.closing);
      let running = a.opening;
      for (const e of own) {
        running += e.quantity;
        expect(e.balanceAfter).toBe(running);
      }
    }
    // An order's movement names the order and the other party.
    const byOrder = data.entries.find((e: { source: string }) => e.source === 'order');
    expect(byOrder?.orderId).toBeGreaterThan(0);
    expect(byOrder?.counterparty).toBeTruthy();
  });

  it('sums up per product and account: opening + in - out = closing, closing today the balance table’s, a day back the ledger’s', async () => {
    type Account = { productId: number; balanceKind: string; opening: number; quantityIn: number; quantityOut: number; closing: number };
    const key = (a: { productId: number; balanceKind: string }) => `${a.productId}:${a.balanceKind}`;
    const closingOf = (accounts: Account[]) => new Map(accounts.filter((a) => a.closing !== 0).map((a) => [key(a), a.closing]));
    const today = (await statement(kari, `locationId=${location.id}&from=${from}&to=${to}`)).body.data;
    for (const a of today.accounts as Account[]) expect(a.opening + a.quantityIn - a.quantityOut, key(a)).toBe(a.closing);
    // Today's closing balances are the running totals the balance screen reads.
    const table = await rows<{ productId: number; balanceKind: string; quantity: number }>(
      ctx.database.db,
      sql`SELECT product_id AS "productId", balance_kind AS "balanceKind", sum(quantity)::int AS quantity FROM balances
          WHERE location_id = ${location.id} GROUP BY 1, 2 HAVING sum(quantity) <> 0`,
    );
    expect(closingOf(today.accounts)).toEqual(new Map(table.map((b) => [key(b), Number(b.quantity)])));
    // A period ending 45 days back (read from the monthly totals and the entries after it): the ledger's sums up to its end.
    const end = addPlainDays(to, -45);
    const back = await statement(kari, `locationId=${location.id}&from=${addPlainDays(end, -60)}&to=${end}`);
    expect(back.status).toBe(200);
    for (const a of back.body.data.accounts as Account[]) expect(a.opening + a.quantityIn - a.quantityOut, key(a)).toBe(a.closing);
    const ledger = await rows<{ productId: number; balanceKind: string; quantity: number }>(
      ctx.database.db,
      sql`SELECT product_id AS "productId", balance_kind AS "balanceKind", sum(quantity)::int AS quantity FROM ledger_entries
          WHERE location_id = ${location.id} AND booking_date <= ${end}::date GROUP BY 1, 2 HAVING sum(quantity) <> 0`,
    );
    expect(closingOf(back.body.data.accounts)).toEqual(new Map(ledger.map((b) => [key(b), Number(b.quantity)])));
    expect(ledger.length).toBeGreaterThan(0);
  });

  it('shows at the end of today what the balance screen shows in transit', async () => {
    const data = (await statement(kari, `locationId=${location.id}&from=${from}&to=${to}`)).body.data;
    const stock = (await ctx.call('GET', `/api/stockDetails?locationId=${location.id}`, { token: kari })).body.data;
    const transit = (list: { productId: number; incoming: number; outgoing: number }[]) =>
      list.map((t) => ({ productId: t.productId, incoming: t.incoming, outgoing: t.outgoing })).sort((a, b) => a.productId - b.productId);
    // stockDetails counts every order in transit; the statement those sent by today.
    const [{ later }] = (await rows<{ later: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS later FROM orders WHERE transaction_status_id IN (3, 4, 9, 10, 11, 12, 13, 14)
            AND (location_id_to = ${location.id} OR location_id_from = ${location.id}) AND date_send > ${to}::date`,
    )) as [{ later: number }];
    if (Number(later) === 0) expect(transit(data.inTransit)).toEqual(transit(stock.inTransit ?? []));
    expect(Array.isArray(data.inTransit)).toBe(true);
  });

  it('answers 404 for a location outside the caller’s scope, and 400 for a period the rules refuse', async () => {
    const [other] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM locations WHERE customer_id <> ${location.customerId} ORDER BY id LIMIT 1`,
    );
    expect((await statement(kari, `locationId=${other?.id}&from=${from}&to=${to}`)).status).toBe(404);
    expect((await statement(ole, `locationId=${location.id}&from=${from}&to=${to}`)).status).toBe(404);
    const reversed = await statement(kari, `locationId=${location.id}&from=${to}&to=${from}`);
    expect(reversed.status).toBe(400);
    const long = await statement(kari, `locationId=${location.id}&from=${addPlainDays(to, -366)}&to=${to}`);
    expect(long.status).toBe(400);
    expect(long.body.error.fields.from).toBe('En kontoutskrift kan dekke høyst ett år');
    expect((await statement(kari, `locationId=${location.id}&from=${addPlainDays(to, -365)}&to=${to}`)).status).toBe(200);
  });

  it('prints the statement as a PDF in the reader’s language (kari’s: Norwegian) and writes it as a workbook', async () => {
    const query = `locationId=${location.id}&from=${from}&to=${to}`;
    const data = (await statement(kari, query)).body.data;
    const pdf = await ctx.call('GET', `/api/Statements/document?${query}`, { token: kari });
    expect(pdf.status).toBe(200);
    expect(pdf.response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.response.rawPayload);
    expect(text).toContain('KONTOUTSKRIFT');
    expect(text).toContain(data.location.name);
    expect(text).toContain(`Ordre ${data.entries.find((e: { orderId: number | null }) => e.orderId)?.orderId}`);

    const xlsx = await ctx.call('GET', `/api/Statements/workbook?${query}`, { token: kari });
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Saldoer', 'Bevegelser', 'Underveis ved periodens slutt']);
    // Title, four filter rows, a blank row and the header; then one row per movement and the totals.
    expect(book.worksheets[1]?.rowCount).toBe(7 + data.entries.length + 1);
  });
});
