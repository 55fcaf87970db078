/**
 * Correctness details found under races (issue 7): a race loser gets 409, never 403; history
 * rows take the time of the change, so an order's history never reads out of order; an order
 * is never received before it was sent, and sending records the real send date.
 */
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, sql } from '../src/db/client.js';
import { setOrderStatus } from '../src/modules/orders/set-order-status.js';
import { type AuthContext, loadUser } from '../src/plugins/auth.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** Rounds of two concurrent requests per database: enough that each side wins many times. */
const ROUNDS = 20;

describe.each(backends)('order races and dates (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  /** A second session of kari: another receiver of the same orders. */
  let kari2: string;
  const at: Record<string, { id: number }> = {};
  let eurA: number;
  let sendDate: string;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole'] as const) {
      tokens[name] = await ctx.login(name);
      at[name] = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
    }
    kari2 = await ctx.login('kari');
    const [product] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM products WHERE name = 'EUR pallet, quality A'`);
    eurA = Number(product?.id);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    // At least two days ahead: a send date still in the future when the order is received.
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    sendDate = nextOpenDay(later, 'NO', new Set(closures.map((c) => c.day)));
  });
  afterAll(() => ctx.close());

  /** A demo user as a session (AuthContext), for calling a use case inside a transaction of the test's own. */
  const sessionOf = async (loginName: string, isProvider: boolean): Promise<AuthContext> => {
    const [row] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = ${loginName}`);
    const user = await loadUser(ctx.database.db, Number(row?.id));
    if (!user) throw new Error(`${loginName} missing`);
    return { sessionId: 0, language: 'en-US', loginUser: user, user, customerId: user.customerId, locationId: user.locationId, isProvider };
  };
  const step = (token: string, body: Record<string, unknown>) => ctx.call('POST', '/api/OrderStatus', { token, body });
  const get = async (id: number) => (await ctx.call('GET', `/api/Orders/${id}`, { token: tokens.admin })).body.data;
  /** A delivery from ole to kari, registered as sent (status 4) for `sendDate`. */
  const sentDelivery = async (quantity = 30) => {
    const res = await ctx.call('POST', '/api/Orders', {
      token: tokens.ole,
      body: {
        transactionTypeId: 3,
        locationIdTo: at.kari?.id,
        dateSend: sendDate,
        draft: false,
        lines: [{ productId: eurA, quantityOrdered: quantity }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.transactionStatusId).toBe(4);
    return res.body.data.id as number;
  };
  const disagree = (token: string, id: number) =>
    step(token, { id, transactionStatusId: 6, comment: 'Two stacks short.', lines: [{ productId: eurA, quantity: 0 }] });
  const confirm = (token: string, id: number) => step(token, { id, transactionStatusId: 5 });
  const confirmAs = (who: keyof typeof tokens, id: number) => confirm(tokens[who], id);

  describe('a race loser gets 409, never 403', () => {
    it('the receiver who confirms after another receiver’s disagreement gets 409 and writes nothing', async () => {
      const id = await sentDelivery();
      expect((await disagree(tokens.kari, id)).status).toBe(200);
      const late = await confirm(kari2, id);
      expect(late.status).toBe(409);
      expect(late.body.error.type).toBe('ORDER_STATUS');
      const order = await get(id);
      expect(order.transactionStatusId).toBe(6);
      expect(order.history.map((h: { toStatusId: number }) => h.toStatusId)).toEqual([4, 6]);
    });

    it('the customer who cancels after the provider confirmed gets 409', async () => {
      const placed = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, draft: false, lines: [{ productId: eurA, quantityOrdered: 15 }] },
      });
      const id = placed.body.data.id;
      expect((await step(tokens.admin, { id, transactionStatusId: 2 })).status).toBe(200);
      const cancel = await step(tokens.ole, { id, transactionStatusId: 7 });
      expect(cancel.status).toBe(409);
      // A step the caller's role never makes stays 403: the customer cannot confirm its own order.
      const other = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, draft: false, lines: [{ productId: eurA, quantityOrdered: 15 }] },
      });
      expect((await step(tokens.ole, { id: other.body.data.id, transactionStatusId: 2 })).status).toBe(403);
    });

    it(`two receivers answering at once: one wins, the other gets 409 (${ROUNDS} rounds)`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const id = await sentDelivery();
        // Both orders of sending, so that each request is sometimes the first to lock.
        const requests =
          round % 2 === 0 ? [disagree(tokens.kari, id), confirm(kari2, id)] : [confirm(kari2, id), disagree(tokens.kari, id)];
        const answers = await Promise.all(requests);
        const [disagreed, confirmed] = round % 2 === 0 ? answers : [answers[1], answers[0]];
        const statuses = [disagreed?.status, confirmed?.status];
        expect(statuses.sort(), JSON.stringify(answers.map((a) => a?.body.error ?? null))).toEqual([200, 409]);
        const order = await get(id);
        expect(order.transactionStatusId).toBe(disagreed?.status === 200 ? 6 : 5);
        expect(order.history).toHaveLength(2);
      }
    });
  });

  describe('history rows take the time of the change', () => {
    /** The provider's admin as a session, for calling a use case inside a transaction of the test's own. */
    const adminAuth = () => sessionOf('admin', true);
    const purchase = async () => {
      const placed = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, draft: false, lines: [{ productId: eurA, quantityOrdered: 15 }] },
      });
      expect(placed.status).toBe(200);
      return placed.body.data.id as number;
    };

    it('a change made late in a long transaction is dated when it is made, not when the transaction began', async () => {
      const id = await purchase();
      const auth = await adminAuth();
      const later = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        // The transaction does other work first (the scheduler, a schedule's save, an import).
        await new Promise((resolve) => setTimeout(resolve, 30));
        await setOrderStatus(tx as Db, auth, { id, transactionStatusId: 2 });
        const [row] = await rows<{ later: boolean }>(
          tx,
          sql`SELECT (h.at > now()) AS later FROM order_status_history h WHERE h.order_id = ${id} AND h.to_status_id = 2`,
        );
        return row?.later;
      });
      expect(later).toBe(true);
    });

    // PGlite runs one transaction at a time, so two cannot overlap there; on PostgreSQL they do.
    it.runIf(kind === 'postgres')(
      'a transaction that began before another’s change but changed the order after it lists its row after it',
      async () => {
        const id = await purchase();
        const auth = await adminAuth();
        await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1`);
          // Meanwhile another user confirms the order (its own transaction, committed).
          expect((await step(tokens.admin, { id, transactionStatusId: 2 })).status).toBe(200);
          await setOrderStatus(tx as Db, auth, { id, transactionStatusId: 7, comment: 'Not needed after all.' });
        });
        const history = (await get(id)).history as { toStatusId: number; at: string }[];
        expect(history.map((h) => h.toStatusId)).toEqual([1, 2, 7]);
        const times = history.map((h) => Date.parse(h.at));
        expect(times).toEqual([...times].sort((a, b) => a - b));
      },
    );
  });

  describe('dates stay consistent', () => {
    it('sending (3 -> 4) records the day it happens, and the order is received on or after it', async () => {
      const placed = await ctx.call('POST', '/api/Orders', {
        token: tokens.ole,
        body: { transactionTypeId: 1, dateSend: sendDate, draft: false, lines: [{ productId: eurA, quantityOrdered: 15 }] },
      });
      const id = placed.body.data.id;
      expect(placed.body.data.dateSend).toBe(sendDate);
      expect((await step(tokens.admin, { id, transactionStatusId: 2 })).status).toBe(200);
      expect((await step(tokens.admin, { id, transactionStatusId: 3, lines: [{ productId: eurA, quantity: 15 }] })).status).toBe(200);
      // Sent earlier than planned: the real send date counts.
      const sent = await step(tokens.admin, { id, transactionStatusId: 4, waybill: { carNumber: 'AB 12345' } });
      expect(sent.status).toBe(200);
      expect(sent.body.data.dateSend).toBe(today);
      const arrived = await ctx.call('POST', '/api/OrderArrival', { token: tokens.admin, body: { id } });
      expect(arrived.status).toBe(200);
      const received = arrived.body.data.transactionStatusId === 5 ? arrived : await confirmAs('ole', id);
      expect(received.body.data.transactionStatusId).toBe(5);
      expect(received.body.data.dateReceive).toBe(today);
      expect(received.body.data.dateSend <= received.body.data.dateReceive).toBe(true);
    });

    it('a delivery registered for a later day and received today counts as sent today', async () => {
      const id = await sentDelivery();
      expect((await get(id)).dateSend).toBe(sendDate);
      const received = await confirm(tokens.kari, id);
      expect(received.status).toBe(200);
      expect(received.body.data).toMatchObject({ dateSend: today, dateReceive: today });
      // A disagreement is a receipt too.
      const other = await sentDelivery();
      const disputed = await disagree(tokens.kari, other);
      expect(disputed.body.data).toMatchObject({ dateSend: today, dateReceive: today });
    });

    it('an order received while the database’s own time zone is a day away from UTC is booked on the UTC day', async () => {
      const id = await sentDelivery();
      // A zone whose date differs from UTC's right now (UTC+14 from 10:00 UTC on, UTC-12 before noon).
      const zone = new Date().getUTCHours() >= 10 ? 'Etc/GMT-14' : 'Etc/GMT+12';
      const kari = await sessionOf('kari', false);
      const [zoneDay] = await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`SET LOCAL TIME ZONE '${zone}'`));
        await setOrderStatus(tx as Db, kari, { id, transactionStatusId: 5 });
        return rows<{ day: string }>(tx, sql`SELECT current_date::text AS day`);
      });
      expect(zoneDay?.day, 'the zone is a day away').not.toBe(today);
      expect((await get(id)).dateReceive).toBe(today);
      const booked = await rows<{ day: string }>(
        ctx.database.db,
        sql`SELECT DISTINCT booking_date::text AS day FROM ledger_entries WHERE order_id = ${id}`,
      );
      expect(booked).toEqual([{ day: today }]);
    });
  });
});
