/**
 * Issue 22 (docs/disputes.md, "What can be disputed"): a container rental (from its depot to its
 * location, its containers out now) and a single one-sided ledger entry (a count correction, an
 * opening: its other party is the pool, a provider depot, whose staff answer for it) are disputed
 * as any movement: exactly one source, GET DisputeMovement shows what would be disputed, the
 * window counts from the booking day, the answer posts once with the dispute as source (a single
 * entry's correction at its location only), another customer's answers 404. The ledger invariant
 * (checked after every test) holds throughout.
 */
import { addPlainDays } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { type DisputeWorld, nb, openDisputeWorld, today } from './dispute-helpers.js';
import { backends } from './helpers.js';

describe.each(backends)('disputes of a rental and of a single ledger entry (%s)', (kind) => {
  let w: DisputeWorld;
  let mikko: string;
  beforeAll(async () => {
    w = await openDisputeWorld(kind);
    // mikko rents containers; disputes need the REPORTS task.
    await w.ctx.database.db.execute(
      sql`INSERT INTO user_tasks (user_id, task) SELECT id, 'REPORTS' FROM users WHERE login_name = 'mikko' ON CONFLICT DO NOTHING`,
    );
    mikko = await w.ctx.login('mikko');
  });
  afterAll(() => w.ctx.close());

  const db = () => w.ctx.database.db;
  const movement = (token: string, query: string) => w.ctx.call('GET', `/api/DisputeMovement?${query}`, { token });

  it('mikko disputes his open rental (one return not booked); the provider accepts; it posts once between depot and location', async () => {
    const [rental] = await rows<{ id: number; locationId: number; depotId: number; productId: number; out: number; last: string }>(
      db(),
      sql`SELECT r.id, r.location_id AS "locationId", r.depot_location_id AS "depotId", r.product_id AS "productId",
            (SELECT sum(quantity) FROM ledger_entries e WHERE e.rental_id = r.id AND e.location_id = r.location_id)::int AS out,
            (SELECT max(booking_date)::text FROM ledger_entries e WHERE e.rental_id = r.id) AS last
          FROM rentals r JOIN users u ON u.location_id = r.location_id AND u.login_name = 'mikko' WHERE r.status = 'Open' ORDER BY r.id LIMIT 1`,
    );
    if (!rental) throw new Error('no open rental of mikko');
    const seen = await movement(mikko, `rentalId=${rental.id}`);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body.data).toMatchObject({
      sourceKind: 'rental',
      id: rental.id,
      bookingDate: rental.last,
      oneSided: false,
      from: { locationId: Number(rental.depotId) },
      to: { locationId: Number(rental.locationId) },
      lines: [{ productId: Number(rental.productId), quantity: rental.out }],
    });
    expect((await movement(w.tokens.lise, `rentalId=${rental.id}`)).status).toBe(404);
    const body = {
      rentalId: rental.id,
      problem: 'quantity',
      comment: 'One more container went back with the last truck',
      lines: [{ productId: Number(rental.productId), quantity: rental.out - 1 }],
    };
    expect((await w.open(w.tokens.kari, body)).status).toBe(404);
    expect((await w.open(mikko, { ...body, lines: [{ productId: Number(rental.productId), quantity: -1 }] })).status).toBe(400);
    const opened = await w.open(mikko, body);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const dispute = opened.body.data;
    expect(dispute).toMatchObject({ sourceKind: 'rental', rentalId: rental.id, orderId: null, ledgerEntryId: null });
    expect(dispute.counterparty.locationId).toBe(Number(rental.depotId));
    expect((await w.open(mikko, body)).status).toBe(409);
    expect((await w.ctx.call('GET', `/api/Disputes/${dispute.id}`, { token: w.tokens.kari })).status).toBe(404);
    const before = { here: await w.balance(rental.locationId, rental.productId), depot: await w.balance(rental.depotId, rental.productId) };
    const accept = { id: dispute.id, version: dispute.version, answer: 'accept' };
    expect((await w.answer(mikko, accept)).status).toBe(409);
    const [first, second] = await Promise.all([w.answer(w.tokens.admin, accept), w.answer(w.tokens.admin, accept)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await w.balance(rental.locationId, rental.productId)).toBe(before.here - 1);
    expect(await w.balance(rental.depotId, rental.productId)).toBe(before.depot + 1);
    const entries = await w.entries(dispute.id);
    expect(entries.map((e) => [Number(e.locationId), e.quantity, e.source])).toEqual(
      expect.arrayContaining([
        [Number(rental.locationId), -1, 'dispute'],
        [Number(rental.depotId), 1, 'dispute'],
      ]),
    );
    expect(entries).toHaveLength(2);
    // What is in force now takes the correction in.
    expect((await movement(mikko, `rentalId=${rental.id}`)).body.data.lines[0].quantity).toBe(rental.out - 1);
  });

  it('kari disputes an old opening entry: refused after the window until extended; the pool answers; one-sided correction', async () => {
    const [entry] = await rows<{ id: number; productId: number; quantity: number; booked: string; kind: string }>(
      db(),
      sql`SELECT e.id, e.product_id AS "productId", e.quantity, e.booking_date::text AS booked, e.balance_kind AS kind
          FROM ledger_entries e WHERE e.location_id = ${w.kari} AND e.source = 'opening' AND e.quantity > 2 ORDER BY e.id LIMIT 1`,
    );
    if (!entry) throw new Error('no opening entry of kari');
    const seen = (await movement(w.tokens.kari, `ledgerEntryId=${entry.id}`)).body.data;
    expect(seen).toMatchObject({ sourceKind: 'ledgerEntry', oneSided: true, bookingDate: entry.booked, to: { locationId: w.kari } });
    expect(seen.lines).toEqual([expect.objectContaining({ productId: Number(entry.productId), quantity: entry.quantity })]);
    const [depot] = await rows<{ isProvider: boolean }>(
      db(),
      sql`SELECT c.is_provider AS "isProvider" FROM locations l JOIN customers c ON c.id = l.customer_id WHERE l.id = ${seen.from.locationId}`,
    );
    expect(depot?.isProvider).toBe(true);
    const body = {
      ledgerEntryId: entry.id,
      problem: 'quantity',
      comment: 'We started with 2 fewer',
      lines: [{ productId: Number(entry.productId), quantity: entry.quantity - 2 }],
    };
    const late = await w.open(w.tokens.kari, body);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toContain(nb('disputes.reasons.windowPassed'));
    const extended = await w.ctx.call('POST', '/api/DisputeWindowExtension', {
      token: w.tokens.admin,
      body: { ledgerEntryId: entry.id, until: addPlainDays(today(), 1), comment: 'Found in the year-end count' },
    });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect((await w.open(w.tokens.lise, body)).status).toBe(404);
    const opened = await w.open(w.tokens.kari, body);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const dispute = opened.body.data;
    expect(dispute).toMatchObject({ sourceKind: 'ledgerEntry', ledgerEntryId: entry.id, toLocationId: w.kari });
    expect(dispute.counterparty.locationId).toBe(seen.from.locationId);
    expect(dispute.actions.answer).toBe(false);
    const before = { kari: await w.balance(w.kari, entry.productId), depot: await w.balance(seen.from.locationId, entry.productId) };
    const accepted = await w.answer(w.tokens.admin, { id: dispute.id, version: dispute.version, answer: 'accept' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.data.status).toBe('accepted');
    expect((await w.answer(w.tokens.admin, { id: dispute.id, version: dispute.version, answer: 'accept' })).status).toBe(409);
    expect(await w.balance(w.kari, entry.productId)).toBe(before.kari - 2);
    expect(await w.balance(seen.from.locationId, entry.productId)).toBe(before.depot);
    const entries = await w.entries(dispute.id);
    expect(entries.map((e) => [Number(e.locationId), e.quantity])).toEqual([[w.kari, -2]]);
  });

  it('refuses an entry of an order or a dispute (409), exactly one source (400), a missing one (404)', async () => {
    const [orderEntry] = await rows<{ id: number }>(
      db(),
      sql`SELECT id FROM ledger_entries WHERE location_id = ${w.kari} AND source = 'order' ORDER BY id DESC LIMIT 1`,
    );
    const refused = await movement(w.tokens.kari, `ledgerEntryId=${orderEntry?.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(nb('disputes.reasons.notBooked'));
    const two = await w.open(w.tokens.kari, {
      rentalId: 1,
      ledgerEntryId: 1,
      problem: 'quantity',
      comment: 'x',
      lines: [{ productId: 1, quantity: 1 }],
    });
    expect(two.status).toBe(400);
    expect(two.body.error.fields.orderId).toBe(nb('validation.disputeSource'));
    expect((await movement(w.tokens.kari, 'orderId=1&rentalId=1')).status).toBe(400);
    expect((await movement(w.tokens.kari, '')).status).toBe(400);
    expect((await movement(w.tokens.kari, 'rentalId=2147483647')).status).toBe(404);
    const o = await w.order();
    const byOrder = (await movement(w.tokens.kari, `orderId=${o.id}`)).body.data;
    expect(byOrder.lines).toEqual(expect.arrayContaining([expect.objectContaining({ productId: o.productId, quantity: o.quantity })]));
  });
});
