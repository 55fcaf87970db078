/**
 * Corrections of a final pallet receipt (issue 20; docs/pallet-receipts.md, "Disputes of a final
 * receipt"): the receipt itself never changes; a dispute that provider staff correct posts the
 * difference once, with the receipt as source. What is "in force" for a product is the latest
 * corrected dispute's quantities, else the receipt's line (0 and 0 without one).
 */
import { todayIn } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { postEntries } from '../balance/post-entries.js';
import { postingSides, sideValues } from './finalize-receipt.js';

/** Carriers of one product as in force. */
export interface InForce {
  delivered: number;
  returned: number;
}

/** The quantities in force of receipt `id`, by product (see the file comment). */
export async function quantitiesInForce(tx: Tx, id: number): Promise<Map<number, InForce>> {
  const list = await rows<{ productId: number; delivered: number; returned: number }>(
    tx,
    sql`SELECT 0 AS later, product_id AS "productId", delivered, returned FROM pallet_receipt_lines WHERE receipt_id = ${id}
        UNION ALL
        SELECT 1, product_id, delivered, returned FROM (
          SELECT DISTINCT ON (dl.product_id) dl.product_id, dl.delivered, dl.returned
          FROM pallet_receipt_dispute_lines dl JOIN pallet_receipt_disputes d ON d.id = dl.dispute_id
          WHERE d.receipt_id = ${id} AND d.status = 'corrected' ORDER BY dl.product_id, d.id DESC) c
        ORDER BY 1`,
  );
  // The receipt's lines first, then the last correction of each product: the later wins.
  const inForce = new Map<number, InForce>();
  for (const row of list) inForce.set(Number(row.productId), { delivered: Number(row.delivered), returned: Number(row.returned) });
  return inForce;
}

/**
 * Posts the correction of dispute `disputeId` of receipt `receiptId`, inside the transaction that
 * marks it corrected (once: the caller's conditional update lets one caller in): per product
 * (delivered - returned) - (was_delivered - was_returned), plus at the receipt's location and
 * minus at its counterparty location (none for an external one), in the receipt's balance kind,
 * source `receiptCorrection`, booked the day of `at` (default now; the demo seed dates its own) in
 * the location's country. Lines that differ by 0 post nothing. The running balances and stock
 * levels move with the entries (`postEntries`).
 */
export async function postCorrection(tx: Tx, receiptId: number, disputeId: number, at = new Date()): Promise<void> {
  const sides = await postingSides(tx, receiptId);
  if (!sides) return;
  const day = todayIn(sides.countryId, at);
  const difference = sql`((dl.delivered - dl.returned) - (dl.was_delivered - dl.was_returned))`;
  await postEntries(
    tx,
    sql`INSERT INTO ledger_entries (pallet_receipt_id, pallet_receipt_dispute_id, product_id, location_id, balance_kind, quantity, source, booking_date)
    SELECT ${receiptId}, ${disputeId}, dl.product_id, s.location_id, ${sides.kind}, s.sign * ${difference}, 'receiptCorrection', ${day}::date
    FROM pallet_receipt_dispute_lines dl CROSS JOIN ${sideValues(sides)} AS s(location_id, sign)
    WHERE dl.dispute_id = ${disputeId} AND ${difference} <> 0`,
  );
}
