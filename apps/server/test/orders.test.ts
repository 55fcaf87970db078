import { ZOrderSummary, ZOrdersResponse } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const demoUsers = ['admin', 'kari', 'ole', 'lise', 'mikko'];

describe.each(backends)('orders (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of demoUsers) tokens[name] = await ctx.login(name);
  });
  afterAll(() => ctx.close());

  /** The acting location of a signed-in user. */
  const locationOf = async (name: string) => (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;

  it('each demo user sees exactly the orders of their acting location', async () => {
    for (const name of demoUsers) {
      const location = await locationOf(name);
      const [expected] = await rows<{ n: number }>(
        ctx.database.db,
        // A draft belongs to the side that places it: the to-side of a purchase, else the from-side.
        sql`SELECT count(*)::int AS n FROM orders WHERE (location_id_from = ${location.id} AND (transaction_status_id <> 0 OR transaction_type_id <> 1))
              OR (location_id_to = ${location.id} AND (transaction_status_id <> 0 OR transaction_type_id = 1))`,
      );
      const { status, body } = await ctx.call('GET', `/api/Orders?locationId=${location.id}&count=50`, { token: tokens[name] });
      expect(status).toBe(200);
      expect(body.data.total, name).toBe(expected?.n);
      expect(expected?.n, `${name} has orders`).toBeGreaterThan(0);
      expect(body.data.items).toHaveLength(Math.min(50, expected?.n ?? 0));
      for (const order of body.data.items) expect([order.locationIdFrom, order.locationIdTo]).toContain(location.id);
      // The grid answer is written without a zod pass: it must still be exactly the documented shape.
      expect(ZOrdersResponse.parse(body.data)).toEqual(body.data);
      for (const order of body.data.items) expect(Object.keys(order).sort()).toEqual(Object.keys(ZOrderSummary.shape).sort());
    }
  });

  it('another customer’s order answers as if it did not exist', async () => {
    const ole = await locationOf('ole');
    const [foreign] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT o.id FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
          WHERE lf.customer_id <> ${ole.customerId} AND COALESCE(lt.customer_id, 0) <> ${ole.customerId} LIMIT 1`,
    );
    const hidden = await ctx.call('GET', `/api/Orders/${foreign?.id}`, { token: tokens.ole });
    const missing = await ctx.call('GET', '/api/Orders/999999999', { token: tokens.ole });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual(missing.body.error);
    const listed = await ctx.call('GET', `/api/Orders?ids=${foreign?.id}`, { token: tokens.ole });
    expect(listed.body.data.items).toHaveLength(0);
    // The global admin sees it.
    expect((await ctx.call('GET', `/api/Orders/${foreign?.id}`, { token: tokens.admin })).status).toBe(200);
  });

  it('filters by status, send-date range and prefix term, and sorts', async () => {
    const kari = await locationOf('kari');
    const base = `/api/Orders?locationId=${kari.id}&count=1000`;
    const byStatus = (await ctx.call('GET', `${base}&transactionStatus=5,7`, { token: tokens.kari })).body.data;
    expect(byStatus.items.length).toBeGreaterThan(0);
    expect(byStatus.items.every((o: { transactionStatusId: number }) => [5, 7].includes(o.transactionStatusId))).toBe(true);

    const ranged = (await ctx.call('GET', `${base}&sendLower=2026-01-01&sendUpper=2026-03-31`, { token: tokens.kari })).body.data;
    expect(ranged.items.every((o: { dateSend: string }) => o.dateSend >= '2026-01-01' && o.dateSend <= '2026-03-31')).toBe(true);

    const first = byStatus.items[0];
    const term = String(first.id).slice(0, 3);
    const searched = (await ctx.call('GET', `${base}&term=${term}&source=sqlorder&mode=prefix`, { token: tokens.kari })).body.data;
    expect(searched.items.length).toBeGreaterThan(0);
    expect(
      searched.items.every(
        (o: { id: number; referenceOwn: string | null; locationNameFrom: string; locationNameTo: string | null }) =>
          String(o.id).startsWith(term) ||
          o.referenceOwn?.toLowerCase().startsWith(term) ||
          o.locationNameFrom.toLowerCase().startsWith(term) ||
          o.locationNameTo?.toLowerCase().startsWith(term),
      ),
    ).toBe(true);

    const ascResponse = await ctx.call('GET', `${base}&orderBy[0].field=dateSend&orderBy[0].descending=false`, { token: tokens.kari });
    expect(ascResponse.body.error).toBeUndefined();
    const asc = ascResponse.body.data;
    const dates = asc.items.map((o: { dateSend: string }) => o.dateSend);
    expect(dates).toEqual([...dates].sort());

    const page2 = (await ctx.call('GET', `/api/Orders?locationId=${kari.id}&count=50&offset=50`, { token: tokens.kari })).body.data;
    const all = (await ctx.call('GET', `/api/Orders?locationId=${kari.id}&count=100`, { token: tokens.kari })).body.data;
    expect(page2.items.map((o: { id: number }) => o.id)).toEqual(all.items.slice(50, 100).map((o: { id: number }) => o.id));
  });

  it('answers the disagreement poll with the fields the badges need', async () => {
    const { status, body } = await ctx.call(
      'GET',
      '/api/Orders?transactionStatus=6&include=id,transactionTypeId,locationIdFrom,locationIdTo',
      {
        token: tokens.kari,
      },
    );
    expect(status).toBe(200);
    expect(body.data.items.every((o: { transactionStatusId: number }) => o.transactionStatusId === 6)).toBe(true);
  });

  it('bad filters get field-level messages and 400', async () => {
    const range = await ctx.call('GET', '/api/Orders?sendLower=2026-05-01&sendUpper=2026-04-01', { token: tokens.kari });
    expect(range.status).toBe(400);
    expect(range.body.error.fields.sendUpper).toBe('Fra-dato kan ikke være etter til-dato');
    const status = await ctx.call('GET', '/api/Orders?transactionStatus=open', { token: tokens.kari });
    expect(status.status).toBe(400);
    expect(status.body.error.fields.transactionStatus).toBe('Skriv tall skilt med komma');
  });

  it('a delivery draft stays with its sender until sent; the receiver then confirms it and both balances move', async () => {
    const kari = await locationOf('kari');
    const products = (await ctx.call('GET', `/api/AvailableProducts?locationId=${kari.id}`, { token: tokens.kari })).body.data;
    const product = products[0];
    const sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO');
    const draft = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 3,
        locationIdTo: kari.id,
        dateSend: sendDate,
        lines: [{ productId: product.id, quantityOrdered: product.qtyHeight }],
        draft: true,
      },
    });
    expect(draft.status).toBe(200);
    const id = draft.body.data.id;
    expect((await ctx.call('GET', `/api/Orders/${id}`, { token: tokens.kari })).status).toBe(404);
    expect((await ctx.call('GET', `/api/Orders?ids=${id}`, { token: tokens.kari })).body.data.items).toHaveLength(0);
    expect((await ctx.call('POST', '/api/OrderStatus', { token: tokens.kari, body: { id, transactionStatusId: 4 } })).status).toBe(404);

    const sent = await ctx.call('POST', '/api/OrderStatus', { token: tokens.ole, body: { id, transactionStatusId: 4 } });
    expect(sent.body.data.transactionStatusId).toBe(4);
    expect((await ctx.call('GET', `/api/Orders?ids=${id}`, { token: tokens.kari })).body.data.items).toHaveLength(1);

    const balance = async (locationId: number) =>
      (
        await rows<{ q: number }>(
          ctx.database.db,
          sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances WHERE location_id = ${locationId} AND product_id = ${product.id}`,
        )
      )[0]?.q ?? 0;
    const ole = await locationOf('ole');
    const [oleBefore, kariBefore] = [await balance(ole.id), await balance(kari.id)];
    const received = await ctx.call('POST', '/api/OrderStatus', { token: tokens.kari, body: { id, transactionStatusId: 5 } });
    expect(received.body.data.transactionStatusId).toBe(5);
    expect(await balance(ole.id)).toBe(oleBefore - product.qtyHeight);
    expect(await balance(kari.id)).toBe(kariBefore + product.qtyHeight);
  });

  it('refuses the same product on two lines', async () => {
    const kari = await locationOf('kari');
    const [product] = (await ctx.call('GET', `/api/AvailableProducts?locationId=${kari.id}`, { token: tokens.kari })).body.data;
    const line = { productId: product.id, quantityOrdered: product.qtyHeight };
    const sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO');
    const { status, body } = await ctx.call('POST', '/api/Orders', {
      token: tokens.kari,
      body: { transactionTypeId: 1, dateSend: sendDate, lines: [line, line], draft: true },
    });
    expect(status).toBe(400);
    expect(body.error.fields['lines.1.productId']).toBe('Produktet står allerede på en annen linje');
  });

  it('keeps the grid totals exact as orders are created and move (the counters follow every write)', async () => {
    const kari = await locationOf('kari');
    const total = async (query: string) =>
      (await ctx.call('GET', `/api/Orders?locationId=${kari.id}&count=1${query}`, { token: tokens.kari })).body.data.total;
    const [ordered, all] = [await total('&transactionStatus=1'), await total('')];
    const [product] = (await ctx.call('GET', `/api/AvailableProducts?locationId=${kari.id}`, { token: tokens.kari })).body.data;
    const sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO');
    const created = await ctx.call('POST', '/api/Orders', {
      token: tokens.kari,
      body: {
        transactionTypeId: 1,
        dateSend: sendDate,
        lines: [{ productId: product.id, quantityOrdered: product.qtyHeight }],
        draft: false,
      },
    });
    expect(created.status).toBe(200);
    expect(await total('&transactionStatus=1')).toBe(ordered + 1);
    expect(await total('')).toBe(all + 1);
    await ctx.call('POST', '/api/OrderStatus', { token: tokens.admin, body: { id: created.body.data.id, transactionStatusId: 2 } });
    expect(await total('&transactionStatus=1')).toBe(ordered);
    // The counted total equals a real count (a date filter forces one).
    expect(await total('&transactionStatus=1,2')).toBe(await total('&transactionStatus=1,2&sendLower=2000-01-01'));

    const drift = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM (
            SELECT location_id, side, transaction_type_id, transaction_status_id, sum(n)::int FROM order_counts GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
            EXCEPT
            (SELECT location_id_from, 'F', transaction_type_id, transaction_status_id, count(*)::int FROM orders GROUP BY 1, 2, 3, 4
             UNION ALL
             SELECT location_id_to, 'T', transaction_type_id, transaction_status_id, count(*)::int FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1, 2, 3, 4)) d`,
    );
    expect(drift[0]?.n).toBe(0);
  });

  describe('placing a purchase order', () => {
    let productId: number;
    let step: number;
    let sendDate: string;
    beforeAll(async () => {
      const ole = await locationOf('ole');
      const products = (await ctx.call('GET', `/api/AvailableProducts?locationId=${ole.id}`, { token: tokens.ole })).body.data;
      expect(products.length).toBeGreaterThan(0);
      productId = products[0].id;
      step = products[0].qtyHeight;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      sendDate = nextOpenDay(tomorrow, ole.countryId);
    });

    it('saves a draft, sends it, and the provider confirms it; the history records each step', async () => {
      const draft = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: {
          transactionTypeId: 1,
          dateSend: sendDate,
          lines: [{ productId, quantityOrdered: step * 2 }],
          draft: true,
          referenceOwn: 'PO-TEST-1',
        },
      });
      expect(draft.status).toBe(200);
      expect(draft.body.data.transactionStatusId).toBe(0);
      expect(draft.body.data.transactions[0].quantityOrdered).toBe(step * 2);
      // Addresses name their country in the user's language (ole: nb-NO).
      expect(draft.body.data.addressTo.countryName).toBe('Norge');
      const id = draft.body.data.id;

      const sent = await ctx.call('POST', '/api/OrderStatus', { token: tokens.ole, body: { id, transactionStatusId: 1 } });
      expect(sent.status).toBe(200);
      expect(sent.body.data.transactionStatusId).toBe(1);

      const ownConfirm = await ctx.call('POST', '/api/OrderStatus', { token: tokens.ole, body: { id, transactionStatusId: 2 } });
      expect(ownConfirm.status).toBe(403);
      expect(ownConfirm.body.error.message).toMatch(/^Kunne ikke sette ordrestatus: /);

      const confirmed = await ctx.call('POST', '/api/OrderStatus', { token: tokens.admin, body: { id, transactionStatusId: 2 } });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.data.transactionStatusId).toBe(2);
      expect(confirmed.body.data.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([0, 1, 2]);
    });

    it('refuses an illegal transition with a reason and changes nothing', async () => {
      const created = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, lines: [{ productId, quantityOrdered: step }], draft: false },
      });
      expect(created.body.data.transactionStatusId).toBe(1);
      const id = created.body.data.id;
      const jump = await ctx.call('POST', '/api/OrderStatus', { token: tokens.admin, body: { id, transactionStatusId: 5 } });
      expect(jump.status).toBe(409);
      expect(jump.body.error.message).toBe('Kunne ikke sette ordrestatus: en ordre med status Bestilt kan ikke gå til Levert');
      const after = await ctx.call('GET', `/api/Orders/${id}`, { token: tokens.ole });
      expect(after.body.data.transactionStatusId).toBe(1);
      expect(after.body.data.version).toBe(created.body.data.version);
      const [ledger] = await rows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM ledger_entries WHERE order_id = ${id}`,
      );
      expect(ledger?.n).toBe(0);
    });

    it('refuses a quantity that is not a whole number of stacks, naming the line', async () => {
      const before = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`);
      const { status, body } = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, lines: [{ productId, quantityOrdered: step + 1 }], draft: false },
      });
      expect(status).toBe(400);
      expect(body.error.type).toBe('QUANTITY_STEP');
      expect(body.error.fields['lines.0.quantityOrdered']).toContain(String(step));
      const after = await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`);
      expect(after[0]?.n).toBe(before[0]?.n);
    });

    it('refuses a product not available at the location, and a closed send date', async () => {
      const ole = await locationOf('ole');
      const [notAllowed] = await rows<{ id: number }>(
        ctx.database.db,
        sql`SELECT id FROM products WHERE active AND id NOT IN (SELECT product_id FROM location_products WHERE location_id = ${ole.id}) LIMIT 1`,
      );
      if (notAllowed) {
        const invalid = await ctx.call('POST', '/api/Orders', {
          token: tokens.ole,
          body: {
            transactionTypeId: 1,
            dateSend: sendDate,
            lines: [
              { productId: notAllowed.id, quantityOrdered: 0 },
              { productId: notAllowed.id, quantityOrdered: 1000 },
            ],
            draft: false,
          },
        });
        expect(invalid.status).toBe(400);
        expect(invalid.body.error.message).toBe('Ugyldig lokasjon: produktene i denne leveransen er ikke tillatt på denne lokasjonen');
      }
      const sunday = new Date(Date.now() + 7 * 86_400_000);
      sunday.setUTCDate(sunday.getUTCDate() + ((7 - sunday.getUTCDay()) % 7));
      const closed = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: {
          transactionTypeId: 1,
          dateSend: sunday.toISOString().slice(0, 10),
          lines: [{ productId, quantityOrdered: step }],
          draft: false,
        },
      });
      expect(closed.status).toBe(400);
      expect(closed.body.error.type).toBe('CLOSED_DAY');
    });

    it('creates one order for the same idempotency key sent twice', async () => {
      const body = {
        transactionTypeId: 1,
        dateSend: sendDate,
        lines: [{ productId, quantityOrdered: step }],
        draft: true,
        idempotencyKey: 'test-key-123456',
      };
      const [a, b] = await Promise.all([
        ctx.call('POST', '/api/Orders', { token: tokens.ole, body }),
        ctx.call('POST', '/api/Orders', { token: tokens.ole, body }),
      ]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.data.id).toBe(b.body.data.id);
    });

    it('a user without the ORDER task cannot place a purchase', async () => {
      const [user] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = 'ole'`);
      await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = ${user?.id} AND task = 'ORDER'`);
      await ctx.database.db.execute(sql`INSERT INTO user_tasks (user_id, task) VALUES (${user?.id}, 'REPORTS') ON CONFLICT DO NOTHING`);
      const { status } = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, lines: [{ productId, quantityOrdered: step }], draft: true },
      });
      expect(status).toBe(403);
    });
  });
});
