/**
 * The demo's disputes (issue 22, "Demo data that shows it: open disputes in every state"): received
 * orders of kari's customer (Fjordland Dagligvare AS) with retail and wholesale customers (never
 * ole's brewery or a provider depot, whose orders the dispute tests and journeys take), disputed
 * in each state: waiting for the other side, waiting for kari's side, rejected (waiting for the
 * provider), accepted (its correction posted today through the one posting), not upheld, and
 * withdrawn, each with its history. Fixed choices after the generators (the random sequence does
 * not change). A correction is booked today, after every month the demo invoiced.
 */
import { addPlainDays } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { postDisputeCorrection, recordDisputeEvent } from '../disputes/post-dispute-correction.js';
import type { SeedContext, SeedWorld } from './context.js';

/** One received order of Fjordland's with another customer, its product and what the receiver booked. */
interface Candidate {
  orderId: number;
  fromId: number;
  toId: number;
  productId: number;
  kind: string;
  booked: number;
  bookingDate: string;
}

/** Each demo dispute: its state, who opened it (Fjordland's side or the partner's) and its comment. */
const plan = [
  { state: 'open', fjordlandOpens: true, daysAgo: 3, comment: 'Tre paller mindre mottatt enn ordren sier; se følgeseddel.' },
  {
    state: 'open',
    fjordlandOpens: false,
    daysAgo: 5,
    comment: 'To paller færre kom fram enn det som ble bokført; signert fraktbrev ligger i saken.',
  },
  { state: 'rejected', fjordlandOpens: true, daysAgo: 9, comment: 'Kvittert antall stemmer ikke med tellingen på lageret.' },
  {
    state: 'accepted',
    fjordlandOpens: false,
    daysAgo: 12,
    comment: 'To paller ble returnert skadet ved levering og forlot aldri bilen.',
  },
  { state: 'decidedAgainst', fjordlandOpens: true, daysAgo: 16, comment: 'Mener leveransen var to paller mindre.' },
  { state: 'withdrawn', fjordlandOpens: true, daysAgo: 7, comment: 'Feil ordre valgt.' },
] as const;

export async function seedDisputes(tx: Tx, ctx: SeedContext, world: SeedWorld): Promise<void> {
  const fjordland = world.customers.find((c) => c.name === 'Fjordland Dagligvare AS');
  const kari = world.demo.kari;
  const admin = world.demo.admin;
  const ole = world.demo.ole;
  if (!fjordland || !kari || !admin || !ole) return;
  const candidates = await rows<Candidate>(
    tx,
    sql`SELECT DISTINCT ON (o.id) o.id AS "orderId", o.location_id_from AS "fromId", o.location_id_to AS "toId", e.product_id AS "productId",
          e.balance_kind AS kind, e.quantity AS booked, e.booking_date::text AS "bookingDate"
        FROM orders o JOIN ledger_entries e ON e.order_id = o.id AND e.location_id = o.location_id_to AND e.quantity >= 5
        JOIN locations lf ON lf.id = o.location_id_from JOIN locations lt ON lt.id = o.location_id_to
        JOIN customers cf ON cf.id = lf.customer_id JOIN customers ct ON ct.id = lt.customer_id
        WHERE o.transaction_status_id = 5 AND e.booking_date BETWEEN ${addPlainDays(ctx.today, -25)}::date AND ${ctx.today}::date
          AND (lf.customer_id = ${fjordland.id}) <> (lt.customer_id = ${fjordland.id})
          AND NOT cf.is_provider AND NOT ct.is_provider AND o.location_id_from <> ${ole.locationId} AND o.location_id_to <> ${ole.locationId}
          AND EXISTS (SELECT 1 FROM users u WHERE u.location_id = CASE WHEN lf.customer_id = ${fjordland.id} THEN lt.id ELSE lf.id END)
        ORDER BY o.id DESC, e.product_id LIMIT ${plan.length}`,
  );
  for (const [i, d] of plan.entries()) {
    const c = candidates[i];
    if (!c) return;
    const fjordlandSide = (await isFjordland(tx, Number(c.fromId), fjordland.id)) ? Number(c.fromId) : Number(c.toId);
    const partnerSide = fjordlandSide === Number(c.fromId) ? Number(c.toId) : Number(c.fromId);
    const [partnerUser] = await rows<{ id: number }>(tx, sql`SELECT id FROM users WHERE location_id = ${partnerSide} ORDER BY id LIMIT 1`);
    const opener = d.fjordlandOpens
      ? { location: fjordlandSide, user: kari.userId }
      : { location: partnerSide, user: Number(partnerUser?.id) };
    const answerer = d.fjordlandOpens ? Number(partnerUser?.id) : kari.userId;
    const opened = addPlainDays(ctx.today, -d.daysAgo);
    const waitingOn = d.state === 'open' ? 'counterparty' : d.state === 'rejected' ? 'provider' : null;
    const [row] = (await rows<{ id: number }>(
      tx,
      sql`INSERT INTO disputes (source_kind, order_id, booking_date, from_location_id, to_location_id, balance_kind, opener_location_id,
            counterparty_location_id, problem, comment, status, waiting_on, answer_due, opened_by_user_id, opened_at, version)
          VALUES ('order', ${c.orderId}, ${c.bookingDate}::date, ${c.fromId}, ${c.toId}, ${c.kind}, ${opener.location},
            ${opener.location === fjordlandSide ? partnerSide : fjordlandSide}, 'quantity', ${d.comment}, ${d.state === 'accepted' ? 'open' : d.state},
            ${waitingOn}, ${d.state === 'open' ? addPlainDays(opened, 14) : null}::date, ${opener.user}, ${opened}::date + time '09:30', 2)
          RETURNING id`,
    )) as [{ id: number }];
    const was = Number(c.booked);
    const lines = [{ productId: Number(c.productId), quantity: was - 2 }];
    await tx.execute(
      sql`INSERT INTO dispute_lines (dispute_id, product_id, was_quantity, quantity) VALUES (${row.id}, ${c.productId}, ${was}, ${was - 2})`,
    );
    await recordDisputeEvent(tx, row.id, 'opened', opener.user, d.comment, lines);
    if (d.state === 'rejected' || d.state === 'decidedAgainst')
      await recordDisputeEvent(tx, row.id, 'rejected', answerer, 'Levert antall er kvittert av sjåføren.');
    if (d.state === 'decidedAgainst') {
      await tx.execute(
        sql`UPDATE disputes SET decided_by_user_id = ${admin.userId}, decided_at = now(), decision_comment = 'Sjåførens kvittering viser det bokførte antallet.' WHERE id = ${row.id}`,
      );
      await recordDisputeEvent(tx, row.id, 'decidedAgainst', admin.userId, 'Sjåførens kvittering viser det bokførte antallet.');
    }
    if (d.state === 'withdrawn') await recordDisputeEvent(tx, row.id, 'withdrawn', opener.user, null);
    if (d.state === 'accepted') {
      await tx.execute(sql`UPDATE disputes SET status = 'accepted', waiting_on = NULL, answer_due = NULL WHERE id = ${row.id}`);
      await postDisputeCorrection(tx, row.id, ctx.today);
      await recordDisputeEvent(tx, row.id, 'accepted', answerer, null);
    }
  }
}

/** Whether location `id` belongs to customer `customerId`. */
async function isFjordland(tx: Tx, id: number, customerId: number): Promise<boolean> {
  const [row] = await rows<{ customerId: number }>(tx, sql`SELECT customer_id AS "customerId" FROM locations WHERE id = ${id}`);
  return Number(row?.customerId) === customerId;
}
