/**
 * Money on orders (issue 8: "Only users with the finance-report permission and provider staff
 * see invoices, prices and amounts anywhere"; docs/domain.md, "Who sees what"): GET Orders/{id}
 * (which the answers of the order writes and the waybill reuse) carries currency, price, amount, freight and transport fee
 * only for provider staff and users with the finance-report permission, null (same shape) for
 * everyone else, who reads the rest of the order as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const money = { price: 1250, amount: 1250 * 30, freight: 185_000, transportFee: 25_000 };
const moneyKeys = ['currency', 'price', 'amount', 'freight', 'transportFee'] as const;

describe.each(backends)('money on orders (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = {} as Record<'admin' | 'ole', string>;
  /** An order of ole's location, priced by the provider. */
  let orderId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'ole'] as const) tokens[name] = await ctx.login(name);
    const ole = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data;
    const [order] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE location_id_to = ${ole.id} AND transaction_type_id = 1 AND transaction_status_id <> 0 ORDER BY id DESC LIMIT 1`,
    );
    orderId = Number(order?.id);
    await ctx.database.db.execute(
      sql`UPDATE orders SET price = ${money.price}, amount = ${money.amount}, freight = ${money.freight}, transport_fee = ${money.transportFee}
          WHERE id = ${orderId}`,
    );
  });
  afterAll(() => ctx.close());

  it('gives ole, without the finance permission, the order without money', async () => {
    const { status, body } = await ctx.call('GET', `/api/Orders/${orderId}`, { token: tokens.ole });
    expect(status).toBe(200);
    for (const key of moneyKeys) {
      expect(body.data).toHaveProperty(key);
      expect(body.data[key], key).toBeNull();
    }
    // The rest of the order is there as for anyone who may read it.
    expect(body.data).toMatchObject({ id: orderId, transactionTypeId: 1 });
    expect(body.data.transactions.length).toBeGreaterThan(0);
  });

  it('gives provider staff the figures', async () => {
    const { status, body } = await ctx.call('GET', `/api/Orders/${orderId}`, { token: tokens.admin });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ ...money, currency: 'NOK' });
  });

  it('gives a user of the same customer with the finance-report permission the figures', async () => {
    await ctx.database.db.execute(sql`UPDATE users SET finance_report = true WHERE login_name = 'ole'`);
    try {
      const token = await ctx.login('ole');
      const { status, body } = await ctx.call('GET', `/api/Orders/${orderId}`, { token });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ ...money, currency: 'NOK' });
    } finally {
      await ctx.database.db.execute(sql`UPDATE users SET finance_report = false WHERE login_name = 'ole'`);
    }
  });
});
