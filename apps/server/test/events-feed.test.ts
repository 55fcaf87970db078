/**
 * The event feed (issue 23, "An event feed for systems that poll"; docs/integrations.md): GET
 * Events answers the order events of the caller's scope in order, a page at a time, with the
 * data of GET Orders/{id}; a cursor never skips nor repeats an event, also while several writers
 * commit out of order; a rolled back change leaves no event; bad cursors and types answer 400.
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { emitOrderStatusEvents } from '../src/modules/integrations/emit-events.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('the event feed (%s)', (kind) => {
  let ctx: TestContext;
  let ole: string;
  let kari: string;
  let mikko: string;
  let kariLocation: number;
  let eurA: number;
  let sendDate: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    [ole, kari, mikko] = await Promise.all([ctx.login('ole'), ctx.login('kari'), ctx.login('mikko')]);
    kariLocation = (await ctx.call('GET', '/api/location', { token: kari })).body.data.id;
    const [product] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM products WHERE name = 'EUR pallet, quality A'`);
    eurA = Number(product?.id);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    sendDate = nextOpenDay(addPlainDays(todayIn('NO'), 2), 'NO', new Set(closures.map((c) => c.day)));
  });
  afterAll(() => ctx.close());

  /** The cursor after the last event written so far (read from the table: the demo data's orders wrote many). */
  const endCursor = async () => {
    const [last] = await rows<{ cursor: string | null }>(
      ctx.database.db,
      sql`SELECT tx_id::text || '.' || id AS cursor FROM integration_events ORDER BY tx_id DESC, id DESC LIMIT 1`,
    );
    return last?.cursor ?? '0.0';
  };
  const feed = (token: string, query: string) => ctx.call('GET', `/api/Events?${query}`, { token });
  /**
   * The feed's page once it holds `count` events: on PostgreSQL an event shows once every older
   * transaction of the server has ended (other test files' too), so a test waits for it (up to
   * 10 s) rather than assume it shows at once.
   */
  const feedUntil = async (token: string, query: string, count: number) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const page = await feed(token, query);
      if (page.status !== 200 || page.body.data.events.length >= count || Date.now() > deadline) return page;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** A delivery from ole's brewery to kari's location, registered as sent (status 4). */
  const sentDelivery = async () => {
    const res = await ctx.call('POST', '/api/Orders', {
      token: ole,
      body: {
        transactionTypeId: 3,
        locationIdTo: kariLocation,
        dateSend: sendDate,
        draft: false,
        lines: [{ productId: eurA, quantityOrdered: 15 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id as number;
  };

  it('tells both parties of a new order and of each status step, with the order as GET Orders/{id} answers it', async () => {
    const after = await endCursor();
    const id = await sentDelivery();
    const created = await feedUntil(kari, `after=${after}`, 1);
    expect(created.status).toBe(200);
    expect(created.body.data.events).toEqual([
      expect.objectContaining({
        type: 'order.created',
        orderId: id,
        previousStatus: null,
        status: 4,
        id: expect.stringMatching(/^evt_\d+$/),
      }),
    ]);
    const order = (await ctx.call('GET', `/api/Orders/${id}`, { token: kari })).body.data;
    expect(created.body.data.events[0].data).toEqual(order);
    // The sender's side reads the same event.
    expect((await feedUntil(ole, `after=${after}`, 1)).body.data.events.map((e: { orderId: number }) => e.orderId)).toEqual([id]);

    const received = await ctx.call('POST', '/api/OrderStatus', { token: kari, body: { id, transactionStatusId: 5 } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const next = await feedUntil(kari, `after=${created.body.data.next}`, 1);
    expect(next.body.data.events).toEqual([
      expect.objectContaining({ type: 'order.statusChanged', orderId: id, previousStatus: 4, status: 5 }),
    ]);
    expect(next.body.data.events[0].data.transactionStatusId).toBe(5);
    // Read on from the last cursor: nothing new, and the same cursor back.
    const empty = await feed(kari, `after=${next.body.data.next}`);
    expect(empty.body.data).toEqual({ events: [], next: next.body.data.next });
    // Only order.created asked for.
    const createdOnly = await feedUntil(kari, `after=${after}&types=order.created`, 1);
    expect(createdOnly.body.data.events.map((e: { type: string }) => e.type)).toEqual(['order.created']);
  });

  it('shows another customer nothing of it', async () => {
    const after = await endCursor();
    await sentDelivery();
    // Once kari's side sees it, mikko's would too were it in his scope.
    await feedUntil(kari, `after=${after}`, 1);
    const other = await feed(mikko, `after=${after}`);
    expect(other.status).toBe(200);
    expect(other.body.data.events).toEqual([]);
  });

  it('pages in order without repeating an event', async () => {
    const after = await endCursor();
    const ids = [await sentDelivery(), await sentDelivery(), await sentDelivery()];
    await feedUntil(kari, `after=${after}`, 3);
    const first = await feed(kari, `after=${after}&limit=2`);
    const second = await feed(kari, `after=${first.body.data.next}&limit=2`);
    expect([...first.body.data.events, ...second.body.data.events].map((e: { orderId: number }) => e.orderId)).toEqual(ids);
  });

  it('writes no event for a change that rolled back', async () => {
    const after = await endCursor();
    const id = await sentDelivery();
    const cursor = (await feedUntil(kari, `after=${after}`, 1)).body.data.next;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await emitOrderStatusEvents(tx, [{ orderId: id, from: 4, to: 5 }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await feed(kari, `after=${cursor}`)).body.data.events).toEqual([]);
  });

  it('answers a malformed cursor, an unknown type or a page too large with 400 and the field', async () => {
    for (const [query, field] of [
      ['after=abc', 'after'],
      ['after=1.2.3', 'after'],
      ['types=order.created,order.eaten', 'types'],
      ['limit=501', 'limit'],
      ['limit=0', 'limit'],
    ]) {
      const res = await feed(kari, query as string);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}), query).toContain(field);
    }
    expect((await ctx.call('GET', '/api/Events')).status).toBe(401);
  });

  it.runIf(kind === 'postgres')('never skips nor repeats an event while writers commit out of order', async () => {
    const after = await endCursor();
    const id = await sentDelivery();
    const WRITERS = 8;
    const EACH = 6;
    // Each writer holds its transaction open a random while after writing, so ids commit out of order.
    const writers = Array.from({ length: WRITERS }, async () => {
      for (let i = 0; i < EACH; i++)
        await ctx.database.db.transaction(async (tx) => {
          await emitOrderStatusEvents(tx, [{ orderId: id, from: 4, to: 4 }]);
          await tx.execute(sql`SELECT pg_sleep(${Math.random() * 0.2})`);
        });
    });
    const all = Promise.all(writers);
    const seen: string[] = [];
    let cursor = after;
    // Read while they write, until every event has been read (or 30 s passed).
    const deadline = Date.now() + 30_000;
    while (seen.length < WRITERS * EACH + 1 && Date.now() < deadline) {
      const page = await feed(kari, `after=${cursor}&limit=3`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.events.map((e: { id: string }) => e.id));
      cursor = page.body.data.next;
    }
    await all;
    // Nothing after the last one either.
    expect((await feed(kari, `after=${cursor}`)).body.data.events).toEqual([]);
    const written = await rows<{ id: string }>(
      ctx.database.db,
      sql`SELECT 'evt_' || id AS id FROM integration_events WHERE order_id = ${id} ORDER BY id`,
    );
    expect(seen).toHaveLength(new Set(seen).size);
    expect([...seen].sort()).toEqual(written.map((w) => w.id).sort());
    expect(seen).toHaveLength(WRITERS * EACH + 1);
  });
});
