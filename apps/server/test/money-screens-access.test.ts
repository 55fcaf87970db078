/**
 * Scope and finance permission of every call behind the balance, counting, invoices, reports and
 * environment screens (issue 8: "API tests on both databases for every call above, with scope
 * and finance permission for each demo user"), one table-driven test per call over the five demo
 * users. What each user may do comes from one table (README "Demo sign-ins";
 * apps/server/src/modules/demo-data/demo-users.ts): another customer's location, count or invoice answers 404
 * as if it did not exist (docs/domain.md, "Scope"), a call that needs a role or the
 * finance-report permission answers 403 without it, and money is there only with the
 * permission. The figures themselves are tested in balance, stock-levels, count-audits,
 * invoices, reports, reports-xlsx and environment-widget.test.ts.
 */

import { reportNames } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { checkLedgerInvariant } from '../src/modules/orders/ledger.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/**
 * The demo users and what they may do: `scope` all (global admin), customer (customer admin:
 * every location of the customer) or locations (their own locations); `finance` the
 * finance-report permission; `counts` whether they may register counts (customer admins and
 * provider staff) and `decides` whether they may confirm them (provider staff).
 */
const demo = {
  admin: { scope: 'all', finance: true, counts: true, decides: true },
  kari: { scope: 'customer', finance: true, counts: true, decides: false },
  ole: { scope: 'locations', finance: false, counts: false, decides: false },
  lise: { scope: 'locations', finance: false, counts: false, decides: false },
  mikko: { scope: 'locations', finance: false, counts: false, decides: false },
} as const;
type DemoUser = keyof typeof demo;
const users = Object.keys(demo) as DemoUser[];

/** The answer to another customer's id: the global admin reads it, everyone else is told it does not exist. */
const foreignStatus = (user: DemoUser) => (demo[user].scope === 'all' ? 200 : 404);
/** The answer to a call that needs the finance-report permission, given the answer with it. */
const withFinance = (user: DemoUser, status: number) => (demo[user].finance ? status : 403);
/** The answer to a count-audit call, given the answer to a user who may count. */
const withCounting = (user: DemoUser, status: number) => (demo[user].counts ? status : 403);

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
/** The reports with money columns (priced with the finance-report permission). */
const moneyReports = ['pooling', 'commissions', 'purchases', 'shop-transactions', 'retail-transactions'] as const;

describe.each(backends)('scope and finance permission per demo user (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = {} as Record<DemoUser, string>;
  const acting = {} as Record<DemoUser, number>;
  /** A location with balances of a customer none of the demo users but admin may see, and that customer. */
  let foreign: { locationId: number; customerId: number; productId: number };
  /** An invoice of that customer and one of kari's customer (which every user with the permission may read). */
  let foreignInvoice: number;
  let kariInvoice: number;
  /** A count at the foreign location (registered by admin) and one of kari's customer (demo data). */
  let foreignAudit: number;
  let kariAudit: number;
  /** A product kari's location holds. */
  let kariProduct: number;
  /** Provider staff other than admin, who decides admin's counts (nobody decides a count they registered). */
  let staff: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    const db = ctx.database.db;
    for (const user of users) {
      tokens[user] = await ctx.login(user);
      acting[user] = (await ctx.call('GET', '/api/location', { token: tokens[user] })).body.data.id;
    }
    const demoCustomers = (
      await rows<{ id: number }>(db, sql`SELECT DISTINCT customer_id AS id FROM users WHERE login_name IN ('kari', 'ole', 'lise', 'mikko')`)
    ).map((r) => Number(r.id));
    const notDemo = `{${demoCustomers.join(',')}}`;
    const [location] = await rows<{ locationId: number; customerId: number; productId: number }>(
      db,
      sql`SELECT l.id AS "locationId", l.customer_id AS "customerId", min(b.product_id) AS "productId"
          FROM locations l JOIN customers c ON c.id = l.customer_id JOIN balances b ON b.location_id = l.id
          WHERE l.customer_id <> ALL(${notDemo}::int[]) AND NOT c.is_provider
            AND EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = l.customer_id)
          GROUP BY l.id ORDER BY l.id LIMIT 1`,
    );
    if (!location) throw new Error('no location of another customer with balances and invoices');
    foreign = { locationId: Number(location.locationId), customerId: Number(location.customerId), productId: Number(location.productId) };
    const invoiceOf = async (customerId: number) =>
      Number((await rows<{ id: number }>(db, sql`SELECT min(id) AS id FROM invoices WHERE customer_id = ${customerId}`))[0]?.id);
    foreignInvoice = await invoiceOf(foreign.customerId);
    kariInvoice = await invoiceOf(
      Number((await rows<{ id: number }>(db, sql`SELECT customer_id AS id FROM users WHERE login_name = 'kari'`))[0]?.id),
    );
    kariAudit = Number(
      (
        await rows<{ id: number }>(
          db,
          sql`SELECT min(a.id) AS id FROM count_audits a JOIN locations l ON l.id = a.location_id
              JOIN users u ON u.customer_id = l.customer_id WHERE u.login_name = 'kari'`,
        )
      )[0]?.id,
    );
    kariProduct = Number(
      (
        await rows<{ id: number }>(
          db,
          sql`SELECT product_id AS id FROM balances WHERE location_id = ${acting.kari} GROUP BY product_id ORDER BY product_id LIMIT 1`,
        )
      )[0]?.id,
    );
    const [support] = await rows<{ loginName: string }>(
      db,
      sql`SELECT u.login_name AS "loginName" FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE c.is_provider AND NOT u.is_global_admin AND u.is_active ORDER BY u.id LIMIT 1`,
    );
    staff = await ctx.login(support?.loginName ?? '');
    const counted = await ctx.call('POST', '/api/CountAudits', {
      token: tokens.admin,
      body: { locationId: foreign.locationId, date: yesterday, lines: [{ productId: foreign.productId, countedQuantity: 10 }] },
    });
    expect(counted.status, JSON.stringify(counted.body)).toBe(200);
    foreignAudit = counted.body.data.id;
  });

  afterAll(async () => {
    const done = await ctx.call('POST', '/api/CountAuditConfirm', {
      token: staff,
      body: { id: foreignAudit, confirm: false, comment: 'Test done.' },
    });
    expect(done.status).toBe(200);
    expect(await checkLedgerInvariant(ctx.database.db)).toEqual([]);
    await ctx.close();
  });

  const get = (user: DemoUser, url: string) => ctx.call('GET', url, { token: tokens[user] });
  const post = (user: DemoUser, url: string, body: unknown) => ctx.call('POST', url, { token: tokens[user], body });

  it.each(users)(
    'GET Inventory: %s reads the own balance, money only with the permission, and another customer’s location by scope',
    async (user) => {
      const own = await get(user, '/api/Inventory');
      expect(own.status).toBe(200);
      expect(own.body.data.lines.length).toBeGreaterThan(0);
      for (const line of own.body.data.lines as { creditOwes: unknown }[]) {
        if (demo[user].finance) expect(line.creditOwes).toEqual(expect.any(Array));
        else expect(line.creditOwes).toBeNull();
      }
      expect((await get(user, `/api/Inventory?locationId=${foreign.locationId}`)).status).toBe(foreignStatus(user));
    },
  );

  it.each(users)('GET BalanceLocations: %s is offered another customer’s location only as global admin', async (user) => {
    const answer = await get(user, '/api/BalanceLocations');
    expect(answer.status).toBe(200);
    const ids = (answer.body.data as { id: number }[]).map((l) => l.id);
    expect(ids).toContain(acting[user]);
    expect(ids.includes(foreign.locationId)).toBe(demo[user].scope === 'all');
  });

  it.each(users)('GET BalanceHistory: %s reads the own location’s history, and another customer’s by scope', async (user) => {
    const history = (locationId: number, productId: number) =>
      get(user, `/api/BalanceHistory?locationId=${locationId}&productId=${productId}&from=${yearAgo}&to=${today}`);
    const product = (await get(user, '/api/Inventory')).body.data.lines[0].productId;
    expect((await history(acting[user], product)).status).toBe(200);
    expect((await history(foreign.locationId, foreign.productId)).status).toBe(foreignStatus(user));
  });

  it.each(users)(
    'GET and POST StockLevels: %s reads and sets the own levels, another customer’s by scope, writing nothing when refused',
    async (user) => {
      expect((await get(user, `/api/StockLevels?locationId=${acting[user]}`)).status).toBe(200);
      expect((await get(user, `/api/StockLevels?locationId=${foreign.locationId}`)).status).toBe(foreignStatus(user));
      const stored = async () =>
        rows(ctx.database.db, sql`SELECT * FROM stock_levels WHERE location_id = ${foreign.locationId} ORDER BY product_id`);
      const before = await stored();
      const set = await post(user, '/api/StockLevels', { locationId: foreign.locationId, productId: foreign.productId, lowerLevel: 7 });
      expect(set.status).toBe(foreignStatus(user));
      if (set.status === 200) {
        expect(set.body.data).toMatchObject({ productId: foreign.productId, lowerLevel: 7 });
        // Put back as it was.
        const level = before.find((l) => Number((l as { product_id: number }).product_id) === foreign.productId) as
          | { lower_level: number | null }
          | undefined;
        const back = { locationId: foreign.locationId, productId: foreign.productId, lowerLevel: level?.lower_level ?? null };
        expect((await post(user, '/api/StockLevels', back)).status).toBe(200);
      } else {
        expect(set.body.error.type).toBe('NOT_FOUND');
        expect(await stored()).toEqual(before);
      }
    },
  );

  it.each(users)('GET CountAudits: %s lists counts only as customer admin or provider staff, another customer’s by scope', async (user) => {
    expect((await get(user, '/api/CountAudits')).status).toBe(withCounting(user, 200));
    expect((await get(user, `/api/CountAudits?locationId=${foreign.locationId}`)).status).toBe(withCounting(user, foreignStatus(user)));
  });

  it.each(users)('POST CountAudits: %s registers a count only with the role, at another customer’s location by scope', async (user) => {
    const count = (locationId: number, productId: number) =>
      post(user, '/api/CountAudits', { locationId, date: yesterday, lines: [{ productId, countedQuantity: 5 }] });
    const before = Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM count_audits`))[0]?.n);
    const own = await count(acting.kari, kariProduct);
    const other = await count(foreign.locationId, foreign.productId);
    // kari's location: hers, and in the global admin's scope.
    expect(own.status).toBe(withCounting(user, 200));
    expect(other.status).toBe(withCounting(user, foreignStatus(user)));
    const made = [own, other].filter((a) => a.status === 200).map((a) => a.body.data.id as number);
    const after = Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM count_audits`))[0]?.n);
    expect(after - before).toBe(made.length);
    // Decided at once, so later cases meet no count of theirs awaiting confirmation.
    for (const id of made) {
      const done = await ctx.call('POST', '/api/CountAuditConfirm', { token: staff, body: { id, confirm: false, comment: 'Test done.' } });
      expect(done.status).toBe(200);
    }
  });

  it.each(users)('GET CountAudits/{id}: %s reads a count with the role, another customer’s by scope', async (user) => {
    expect((await get(user, `/api/CountAudits/${kariAudit}`)).status).toBe(withCounting(user, 200));
    expect((await get(user, `/api/CountAudits/${foreignAudit}`)).status).toBe(withCounting(user, foreignStatus(user)));
  });

  it.each(users)('POST CountAuditConfirm: %s decides a count only as provider staff; refused, the count stays registered', async (user) => {
    const registered = await post('kari', '/api/CountAudits', {
      locationId: acting.kari,
      date: yesterday,
      lines: [{ productId: kariProduct, countedQuantity: 5 }],
    });
    expect(registered.status).toBe(200);
    const { id } = registered.body.data;
    const answer = await post(user, '/api/CountAuditConfirm', { id, confirm: false, comment: 'Please count again.' });
    expect(answer.status).toBe(demo[user].decides ? 200 : 403);
    const status = (await get('admin', `/api/CountAudits/${id}`)).body.data.status;
    expect(status).toBe(demo[user].decides ? 'rejected' : 'registered');
    if (status === 'registered')
      await ctx.call('POST', '/api/CountAuditConfirm', { token: staff, body: { id, confirm: false, comment: 'Test done.' } });
  });

  it.each(users)('GET Invoices: %s lists invoices only with the finance permission, another customer’s by scope', async (user) => {
    const list = (query: string) => get(user, `/api/Invoices?type=pooling&from=2020-01-01&to=${today}${query}`);
    const own = await list('');
    expect(own.status).toBe(withFinance(user, 200));
    if (own.status === 200) expect(own.body.data.items.length).toBeGreaterThan(0);
    expect((await list(`&customerId=${foreign.customerId}`)).status).toBe(withFinance(user, foreignStatus(user)));
  });

  it.each(users)('GET Invoices/{id}: %s reads an invoice only with the finance permission, another customer’s by scope', async (user) => {
    expect((await get(user, `/api/Invoices/${kariInvoice}`)).status).toBe(withFinance(user, 200));
    expect((await get(user, `/api/Invoices/${foreignInvoice}`)).status).toBe(withFinance(user, foreignStatus(user)));
  });

  it.each(users)(
    'GET Invoices/{id}/document: %s gets the PDF only with the finance permission, another customer’s by scope',
    async (user) => {
      const pdf = (id: number) =>
        ctx.app.inject({ method: 'GET', url: `/api/Invoices/${id}/document`, headers: { authorization: `Bearer ${tokens[user]}` } });
      const own = await pdf(kariInvoice);
      expect(own.statusCode).toBe(withFinance(user, 200));
      if (own.statusCode === 200) expect(own.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect((await pdf(foreignInvoice)).statusCode).toBe(withFinance(user, foreignStatus(user)));
    },
  );

  it.each(users)(
    'GET Reports/{report}: %s gets money columns only with the permission, another customer’s location by scope',
    async (user) => {
      for (const name of reportNames) {
        const foreignAnswer = await get(user, `/api/Reports/${name}?from=${yearAgo}&to=${today}&locationId=${foreign.locationId}`);
        expect(foreignAnswer.status, name).toBe(foreignStatus(user));
      }
      for (const name of moneyReports) {
        const own = await get(user, `/api/Reports/${name}?from=${yearAgo}&to=${today}&locationId=${acting[user]}`);
        expect(own.status, name).toBe(200);
        const types = (own.body.data.columns as { type: string }[]).map((c) => c.type);
        expect(types.includes('money'), name).toBe(demo[user].finance);
        expect(types.includes('currency'), name).toBe(demo[user].finance);
      }
    },
  );

  it.each(users)(
    'GET Reports/{report} as Excel: %s gets the columns of the JSON answer, money only with the permission; another customer’s location by scope',
    async (user) => {
      const query = `from=${yearAgo}&to=${today}&locationId=${acting[user]}`;
      const json = (await get(user, `/api/Reports/commissions?${query}`)).body.data as { columns: { label: string; type: string }[] };
      expect(json.columns.some((c) => c.type === 'money')).toBe(demo[user].finance);
      const workbook = await ctx.app.inject({
        method: 'GET',
        url: `/api/Reports/commissions?${query}&format=xlsx`,
        headers: { authorization: `Bearer ${tokens[user]}` },
      });
      expect(workbook.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(workbook.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      let header: unknown[] = [];
      sheet?.eachRow((row) => {
        if (row.getCell(1).value === json.columns[0]?.label) header = (row.values as unknown[]).slice(1);
      });
      expect(header).toEqual(json.columns.map((c) => c.label));
      const other = await ctx.app.inject({
        method: 'GET',
        url: `/api/Reports/commissions?from=${yearAgo}&to=${today}&locationId=${foreign.locationId}&format=xlsx`,
        headers: { authorization: `Bearer ${tokens[user]}` },
      });
      expect(other.statusCode).toBe(foreignStatus(user));
    },
  );
});
