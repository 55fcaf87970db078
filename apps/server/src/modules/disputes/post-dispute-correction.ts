/**
 * The one outcome of a dispute that moves balances (issue 22; docs/disputes.md, "Posting"): an
 * accepted or upheld dispute posts its correction once, through the ledger's one posting
 * (`postEntries`), with the dispute as its source. Nothing it is about is edited.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { postEntries } from '../balance/post-entries.js';

/**
 * Posts dispute `id`'s correction inside the transaction that ended it (its conditional update
 * let one caller in, so this runs once): per line quantity - was_quantity, minus at the
 * movement's sender and plus at its receiver, in the movement's balance kind, source `dispute`,
 * `dispute_id` set, booked on `bookingDate` (yyyy-MM-dd); lines that differ by 0 post nothing.
 * A single entry's dispute (source kind `ledgerEntry`) posts at the receiver only: the entry was
 * one-sided, and so is its correction (the pool, its sender, keeps no balance of it).
 * The running balances, monthly sums and stock levels move with the entries. Marks `posted_at`.
 */
export async function postDisputeCorrection(tx: Tx, id: number, bookingDate: string): Promise<void> {
  const [dispute] = await rows<{ fromId: number; toId: number; kind: string; sourceKind: string }>(
    tx,
    sql`SELECT from_location_id AS "fromId", to_location_id AS "toId", balance_kind AS kind, source_kind AS "sourceKind"
        FROM disputes WHERE id = ${id}`,
  );
  if (!dispute) return;
  const sides =
    dispute.sourceKind === 'ledgerEntry'
      ? sql`(VALUES (${dispute.toId}::int, 1))`
      : sql`(VALUES (${dispute.fromId}::int, -1), (${dispute.toId}::int, 1))`;
  const difference = sql`(dl.quantity - dl.was_quantity)`;
  await postEntries(
    tx,
    sql`INSERT INTO ledger_entries (dispute_id, product_id, location_id, balance_kind, quantity, source, booking_date)
    SELECT ${id}, dl.product_id, s.location_id, ${dispute.kind}, s.sign * ${difference}, 'dispute', ${bookingDate}::date
    FROM dispute_lines dl CROSS JOIN ${sides} AS s(location_id, sign)
    WHERE dl.dispute_id = ${id} AND ${difference} <> 0`,
  );
  await tx.execute(sql`UPDATE disputes SET posted_at = clock_timestamp() WHERE id = ${id}`);
}

/** Writes one event of dispute `id`'s history (`byUserId` null: the scheduler), with the lines proposed, if any. */
export async function recordDisputeEvent(
  tx: Tx,
  id: number,
  event: string,
  byUserId: number | null,
  comment: string | null = null,
  lines: readonly { productId: number; quantity: number }[] | null = null,
): Promise<void> {
  await tx.execute(sql`INSERT INTO dispute_events (dispute_id, event, by_user_id, comment, lines, at)
    VALUES (${id}, ${event}, ${byUserId}, ${comment}, ${lines === null ? null : JSON.stringify(lines)}::jsonb, clock_timestamp())`);
}
