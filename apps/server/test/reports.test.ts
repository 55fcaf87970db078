/**
 * GET Reports/{report} (issue 8, "Reports"; docs/domain.md, "Reports"): every report for each demo
 * user shows exactly their scope; a filter outside it answers 404; money columns only with the
 * finance permission; the transactions report agrees with GET stockDetails to the carrier; the
 * Shop accounting reports are open to users without the Reports area; bad input answers 400.
 * The Excel export is tested in reports-xlsx.test.ts.
 */
import { addPlainDays, REPORT_MAX_DAYS, type Report, reportNames } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perDayCarrierDays } from '../../../packages/domain/test/day-hire-oracle.js';
import { rows, sql } from '../src/db/client.js';
import { type AccountRow, accountRowBatches } from '../src/modules/reports/account-movements.js';
import type { ReportContext } from '../src/modules/reports/report-scope.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const users = ['admin', 'kari', 'ole', 'lise', 'mikko'] as const;
type DemoLogin = (typeof users)[number];

/** The period of every report below: the demo's last year up to today. */
const today = new Date().toISOString().slice(0, 10);
const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

describe.each(backends)('reports (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = {} as Record<DemoLogin, string>;
  /** Names of the locations in each user's scope (null: every location). */
  const scopeNames = {} as Record<DemoLogin, Set<string> | null>;
  const locationOf = {} as Record<DemoLogin, number>;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const user of users) {
      tokens[user] = await ctx.login(user);
      locationOf[user] = (await ctx.call('GET', '/api/location', { token: tokens[user] })).body.data.id;
    }
    const db = ctx.database.db;
    scopeNames.admin = null;
    // Kari: customer level, every location of her customer.
    scopeNames.kari = new Set(
      (
        await rows<{ name: string }>(
          db,
          sql`SELECT l.name FROM locations l JOIN users u ON u.customer_id = l.customer_id WHERE u.login_name = 'kari'`,
        )
      ).map((r) => r.name),
    );
    // Location level: the user's primary and secondary locations.
    for (const user of ['ole', 'lise', 'mikko'] as const) {
      scopeNames[user] = new Set(
        (
          await rows<{ name: string }>(
            db,
            sql`SELECT l.name FROM locations l JOIN users u ON u.login_name = ${user}
                WHERE l.id = u.location_id OR l.id IN (SELECT location_id FROM user_locations WHERE user_id = u.id)`,
          )
        ).map((r) => r.name),
      );
    }
  });
  afterAll(() => ctx.close());

  const report = async (user: DemoLogin, name: string, query = '') => {
    const { status, body } = await ctx.call('GET', `/api/Reports/${name}?from=${yearAgo}&to=${today}${query}`, { token: tokens[user] });
    return { status, body, data: body?.data as Report };
  };

  /** The location names a row names as its own (the report's location column). */
  const rowLocations = (name: string, row: Record<string, unknown>): string[] =>
    name === 'retail-transactions'
      ? [row.wholesalerName as string, row.retailerName as string]
      : name === 'users'
        ? []
        : [row.locationName as string];

  it.each(users)('every report shows %s exactly the data of their scope', async (user) => {
    for (const name of reportNames) {
      const { status, data } = await report(user, name);
      expect(status, `${user} ${name}`).toBe(200);
      expect(data.columns.length).toBeGreaterThan(0);
      // Every row has every column (null when empty), and nothing else.
      const keys = data.columns.map((c) => c.key).sort();
      for (const row of data.rows.slice(0, 200)) expect(Object.keys(row).sort()).toEqual(keys);
      const scope = scopeNames[user];
      if (scope === null) continue;
      for (const row of data.rows) {
        const names = rowLocations(name, row);
        if (names.length === 0) continue;
        // Retail transactions: one end in scope suffices; every other report: the row's location.
        expect(
          names.some((n) => scope.has(n)),
          `${user} ${name}: ${names.join(' / ')} outside the scope`,
        ).toBe(true);
      }
    }
  });

  it('the location-level users see their own locations and nobody else’s', async () => {
    for (const user of ['ole', 'lise', 'mikko'] as const) {
      const { data } = await report(user, 'locations');
      expect(data.rows.map((r) => r.locationName).sort()).toEqual([...(scopeNames[user] ?? [])].sort());
    }
    const kari = await report('kari', 'locations');
    expect(kari.data.rows.length).toBe(scopeNames.kari?.size);
    const admin = await report('admin', 'locations');
    expect(admin.data.rows.length).toBeGreaterThan(kari.data.rows.length);
    // The users report: ole sees the users of his location, kari those of her customer.
    const oleUsers = await report('ole', 'users');
    expect(oleUsers.data.rows.map((r) => r.loginName)).toContain('ole');
    expect(oleUsers.data.rows.map((r) => r.loginName)).not.toContain('kari');
    const kariUsers = await report('kari', 'users');
    expect(kariUsers.data.rows.map((r) => r.loginName)).toContain('kari');
    expect(kariUsers.data.rows.every((r) => r.customerName === kariUsers.data.rows[0]?.customerName)).toBe(true);
  });

  it('a filter outside the scope answers 404, as if it did not exist', async () => {
    const db = ctx.database.db;
    const [other] = await rows<{ id: number; customerId: number }>(
      db,
      sql`SELECT l.id, l.customer_id AS "customerId" FROM locations l
          WHERE l.customer_id <> (SELECT customer_id FROM users WHERE login_name = 'kari') ORDER BY l.id LIMIT 1`,
    );
    expect(other).toBeDefined();
    for (const name of ['transactions', 'pooling', 'shop-transactions'] as const) {
      expect((await report('kari', name, `&locationId=${other?.id}`)).status).toBe(404);
      expect((await report('kari', name, `&customerId=${other?.customerId}`)).status).toBe(404);
      expect((await report('ole', name, `&locationId=${locationOf.kari}`)).status).toBe(404);
    }
    expect((await report('kari', 'transactions', '&locationId=2000000000')).status).toBe(404);
    expect((await report('kari', 'transactions', '&productId=2000000000')).status).toBe(404);
    // Within the scope the filter narrows.
    const own = await report('kari', 'transactions', `&locationId=${locationOf.kari}`);
    expect(own.status).toBe(200);
    expect(new Set(own.data.rows.map((r) => r.locationName)).size).toBe(1);
    const admin = await report('admin', 'locations', `&customerId=${other?.customerId}`);
    expect(admin.status).toBe(200);
    expect(admin.data.rows.every((r) => r.customerId === Number(other?.customerId))).toBe(true);
  });

  it('money columns only with the finance permission: kari sees them, ole does not', async () => {
    for (const name of ['pooling', 'commissions', 'purchases', 'shop-transactions', 'retail-transactions'] as const) {
      const kari = await report('kari', name);
      const ole = await report('ole', name);
      const moneyKeys = kari.data.columns.filter((c) => c.type === 'money').map((c) => c.key);
      expect(moneyKeys.length, name).toBeGreaterThan(0);
      expect(ole.data.columns.filter((c) => c.type === 'money')).toEqual([]);
      expect(ole.data.columns.map((c) => c.key)).not.toContain('currency');
      for (const row of ole.data.rows) for (const key of [...moneyKeys, 'currency']) expect(row).not.toHaveProperty(key);
    }
    // Kari's pooling fees and commission values are priced (NOK, minor units), and their totals add up.
    const pooling = await report('kari', 'pooling');
    const priced = pooling.data.rows.filter((r) => r.currency === 'NOK');
    expect(priced.length).toBeGreaterThan(0);
    for (const r of priced) expect(r.fee).toBe((r.receiverFee as number) + (r.tripFee as number) + (r.dayHire as number));
    expect(pooling.data.totals.currency).toBe('NOK');
    expect(pooling.data.totals.fee).toBe(priced.reduce((sum, r) => sum + (r.fee as number), 0));
    const purchases = await report('kari', 'purchases');
    for (const r of purchases.data.rows.filter((row) => row.amountExclVat !== null)) {
      expect(r.amountInclVat).toBe((r.amountExclVat as number) + (r.vat as number));
      expect(Number.isInteger(r.vat)).toBe(true);
    }
  });

  it('the pooling report’s day hire is the per-day walk’s it replaced, on the demo’s ledger', async () => {
    // Issue 20: day hire in closed form, not a step per day; the same carrier-days on the seeded data.
    const periods = [
      [addPlainDays(today, -REPORT_MAX_DAYS), today],
      [yearAgo, today],
      [`${today.slice(0, 7)}-01`, today],
      [addPlainDays(today, -45), addPlainDays(today, -20)],
    ] as const;
    let charged = 0;
    for (const [from, to] of periods) {
      const { status, body } = await ctx.call('GET', `/api/Reports/pooling?from=${from}&to=${to}`, { token: tokens.admin });
      expect(status).toBe(200);
      const shown = (body.data as Report).rows;
      // The report's rows, in its order, with the movements behind them (the global scope: every location).
      const scope = { db: ctx.database.db, locale: 'nb-NO', from, to, locationIds: null, productId: null, money: true } as ReportContext;
      const behind: AccountRow[] = [];
      for await (const batch of accountRowBatches(scope, 'pooling')) behind.push(...batch);
      expect(shown.length).toBe(behind.length);
      behind.forEach(({ movement, location, product, priceList }, index) => {
        const row = shown[index] as Report['rows'][number];
        expect(row.locationNumber).toBe(location.number);
        const fees = location.typeId === 'NLP' ? undefined : priceList?.fees.get(product.carrierTypeId);
        const expected = fees ? perDayCarrierDays(movement, from, to, fees.freeDays) : null;
        expect(row.dayHireDays ?? null, `${location.name} ${product.name} ${from}-${to}`).toBe(expected);
        charged += expected ?? 0;
      });
    }
    expect(charged).toBeGreaterThan(0);
  });

  it('the transactions report agrees with GET stockDetails to the carrier', async () => {
    for (const user of ['kari', 'ole'] as const) {
      const locationId = locationOf[user];
      const { data } = await report(user, 'transactions', `&locationId=${locationId}`);
      const stock = (await ctx.call('GET', `/api/stockDetails?locationId=${locationId}`, { token: tokens[user] })).body.data;
      const held = new Map<string, number>();
      for (const b of stock.balances as { productName: string; balanceKind: string; quantity: number }[]) {
        if (b.balanceKind !== 'physical') held.set(b.productName, (held.get(b.productName) ?? 0) + b.quantity);
      }
      // The last balance of each product is what stockDetails holds now.
      const last = new Map<string, number>();
      for (const row of data.rows) last.set(row.productName as string, row.balance as number);
      for (const [product, quantity] of held) if (quantity !== 0) expect(last.get(product), `${user} ${product}`).toBe(quantity);
      const sum = [...held.values()].reduce((a, b) => a + b, 0);
      expect(data.totals.balance).toBe(sum);
      // Brought forward + in - out = the balance at the end.
      const brought = data.rows
        .filter((r) => r.quantityIn === null && r.quantityOut === null)
        .reduce((a, r) => a + (r.balance as number), 0);
      expect(brought + (data.totals.quantityIn as number) - (data.totals.quantityOut as number)).toBe(sum);
      // Each row's balance is the previous one of its product plus the movement.
      const running = new Map<string, number>();
      for (const row of data.rows) {
        const product = row.productName as string;
        if (row.quantityIn === null && row.quantityOut === null) running.set(product, row.balance as number);
        else {
          const expected = (running.get(product) ?? 0) + ((row.quantityIn as number) ?? 0) - ((row.quantityOut as number) ?? 0);
          expect(row.balance).toBe(expected);
          running.set(product, expected);
        }
      }
    }
  });

  it('the order-kind filter shows one kind; the balance still counts every movement', async () => {
    const all = await report('kari', 'transactions', `&locationId=${locationOf.kari}`);
    const purchases = await report('kari', 'transactions', `&locationId=${locationOf.kari}&transactionTypeId=1`);
    const orderRows = purchases.data.rows.filter((r) => r.orderId !== null);
    expect(orderRows.length).toBeGreaterThan(0);
    expect(new Set(orderRows.map((r) => r.movement))).toEqual(new Set(['Kjøp'])); // kari reads Norwegian;
    expect(purchases.data.totals.balance).toBe(all.data.totals.balance);
    const byOrder = new Map(all.data.rows.filter((r) => r.orderId !== null).map((r) => [`${r.orderId}:${r.productName}`, r.balance]));
    for (const r of orderRows) expect(r.balance).toBe(byOrder.get(`${r.orderId}:${r.productName}`));
  });

  it('labels in the caller’s language; money in minor units with a currency', async () => {
    const { body } = await ctx.call('GET', `/api/Reports/commissions?from=${yearAgo}&to=${today}`, {
      token: tokens.mikko,
    });
    // Mikko's language is Finnish (the session's language wins over Accept-Language).
    expect(body.data.columns.find((c: { key: string }) => c.key === 'productName').label).toBe('Tuote');
    const admin = await report('admin', 'commissions');
    const valued = admin.data.rows.filter((r) => r.amountExclVat !== null && r.amountExclVat !== undefined);
    expect(valued.length).toBeGreaterThan(0);
    for (const r of valued) {
      expect(Number.isInteger(r.amountExclVat)).toBe(true);
      expect(['NOK', 'SEK', 'DKK', 'EUR']).toContain(r.currency);
      expect(r.amountExclVat).toBe((r.balance as number) * (r.unitPrice as number));
    }
    // Several currencies: no money total, quantities still summed.
    expect(admin.data.totals).not.toHaveProperty('amountExclVat');
    expect(typeof admin.data.totals.balance).toBe('number');
  });

  it('Shop accounting is open without the Reports area; the other reports are not', async () => {
    const [user] = await rows<{ login: string }>(
      ctx.database.db,
      sql`SELECT u.login_name AS login FROM users u
          WHERE u.is_active AND NOT u.is_global_admin AND EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id)
            AND NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id AND t.task = 'REPORTS')
          ORDER BY u.id LIMIT 1`,
    );
    expect(user).toBeDefined();
    const token = await ctx.login(user?.login as string);
    await ctx.call('POST', '/api/Gdpr', { token, body: { confirmed: true } });
    const shop = await ctx.call('GET', `/api/Reports/shop-transactions?from=${yearAgo}&to=${today}`, { token });
    expect(shop.status).toBe(200);
    const retail = await ctx.call('GET', `/api/Reports/retail-transactions?from=${yearAgo}&to=${today}`, { token });
    expect(retail.status).toBe(200);
    const transactions = await ctx.call('GET', `/api/Reports/transactions?from=${yearAgo}&to=${today}`, { token });
    expect(transactions.status).toBe(403);
  });

  it('shop transactions: a store’s nets add up to the change of its balance', async () => {
    const { data } = await report('admin', 'shop-transactions');
    expect(data.rows.length).toBeGreaterThan(0);
    const store = data.rows[0]?.locationName as string;
    const [location] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM locations WHERE name = ${store}`);
    const ledger = await report('admin', 'transactions', `&locationId=${location?.id}`);
    const moved = (ledger.data.totals.quantityIn as number) - (ledger.data.totals.quantityOut as number);
    const net = data.rows.filter((r) => r.locationName === store).reduce((sum, r) => sum + (r.net as number), 0);
    expect(net).toBe(moved);
    const retail = await report('admin', 'retail-transactions');
    expect(retail.data.rows.length).toBeGreaterThan(0);
    for (const r of retail.data.rows) expect(r.net).toBe((r.quantityDelivered as number) - (r.quantityReturned as number));
  });

  it('bad input answers 400 with a field message', async () => {
    const bad = [
      ['transactions', `from=${today}&to=${yearAgo}`, 'to'],
      ['transactions', 'from=2026-02-30&to=2026-03-01', 'from'],
      ['transactions', 'from=2026-01-01&to=2026-03-01&transactionTypeId=4', 'transactionTypeId'],
      ['transactions', 'from=2026-01-01&to=2026-03-01&locationId=1e3', 'locationId'],
      ['transactions', 'from=2026-01-01&to=2026-03-01&format=pdf', 'format'],
      ['balances', 'from=2026-01-01&to=2026-03-01', 'report'],
    ] as const;
    for (const [name, query, field] of bad) {
      const { status, body } = await ctx.call('GET', `/api/Reports/${name}?${query}`, { token: tokens.kari });
      expect(status, `${name}?${query}`).toBe(400);
      expect(body.error.type).toBe('VALIDATION');
      expect(Object.keys(body.error.fields ?? {}), `${name}?${query}`).toContain(field);
    }
    expect((await ctx.call('GET', `/api/Reports/transactions?from=${yearAgo}&to=${today}`)).status).toBe(401);
  });

  it('every report and its Excel export refuse a period longer than two years, naming the period’s start', async () => {
    // Issue 20: a report of any length computed for minutes while every other user waited.
    const from = addPlainDays(today, -REPORT_MAX_DAYS);
    const tooLong = [
      `from=${addPlainDays(from, -1)}&to=${today}`,
      `from=${from}&to=2999-12-31`,
      // Without `to` the period ends today (or on `from`): too long all the same.
      `from=${addPlainDays(from, -1)}`,
    ];
    for (const name of reportNames) {
      for (const query of tooLong) {
        for (const format of ['json', 'xlsx']) {
          const { status, body } = await ctx.call('GET', `/api/Reports/${name}?${query}&format=${format}`, { token: tokens.kari });
          expect(status, `${name}?${query} ${format}`).toBe(400);
          expect(body.error.type).toBe('VALIDATION');
          // In kari's language (Norwegian), on the field the screen's "from" picker shows.
          expect(body.error.fields, `${name}?${query}`).toEqual({ from: 'Perioden kan være høyst to år' });
        }
      }
      // Two years to the day are still a report.
      expect((await ctx.call('GET', `/api/Reports/${name}?from=${from}&to=${today}`, { token: tokens.kari })).status, name).toBe(200);
    }
  });
});
