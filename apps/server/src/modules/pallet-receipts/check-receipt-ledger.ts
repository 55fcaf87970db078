/**
 * The pallet receipt rules of the ledger invariant (orders/ledger.ts, `checkLedgerInvariant`;
 * docs/pallet-receipts.md, "Posting"; issue 11 and 20). Reads the whole ledger: for tests and
 * maintenance, not for requests.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { LedgerProblem } from '../orders/ledger.js';

/** SQL: per final receipt and product, the net (delivered - returned) in force: its last corrected dispute's, else its line's. */
const netInForce = sql`(
  SELECT r.id AS receipt_id, p.product_id,
    COALESCE(
      (SELECT dl.delivered - dl.returned FROM pallet_receipt_dispute_lines dl JOIN pallet_receipt_disputes d ON d.id = dl.dispute_id
       WHERE d.receipt_id = r.id AND d.status = 'corrected' AND dl.product_id = p.product_id ORDER BY d.id DESC LIMIT 1),
      (SELECT rl.delivered - rl.returned FROM pallet_receipt_lines rl WHERE rl.receipt_id = r.id AND rl.product_id = p.product_id),
      0) AS net
  FROM pallet_receipts r
  JOIN (SELECT receipt_id, product_id FROM pallet_receipt_lines
        UNION SELECT d.receipt_id, dl.product_id FROM pallet_receipt_dispute_lines dl
          JOIN pallet_receipt_disputes d ON d.id = dl.dispute_id AND d.status = 'corrected') p ON p.receipt_id = r.id
  WHERE r.status = 'final' AND NOT r.inventory)`;

/** The location's entries per receipt and product, of `sources`. */
const atLocation = (sources: string[]) => sql`(
  SELECT e.pallet_receipt_id, e.product_id, sum(e.quantity) AS total FROM ledger_entries e
  JOIN pallet_receipts r ON r.id = e.pallet_receipt_id AND e.location_id = r.location_id
  WHERE e.source IN (${sql.join(
    sources.map((s) => sql`${s}`),
    sql`, `,
  )}) GROUP BY 1, 2)`;

/** The pallet receipt rules (see `checkLedgerInvariant`). */
export async function checkReceipts(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await rows<{ palletReceiptId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.pallet_receipt_id AS "palletReceiptId", e.product_id AS "productId", e.balance_kind AS "balanceKind", sum(e.quantity)::int AS actual
        FROM ledger_entries e JOIN pallet_receipts r ON r.id = e.pallet_receipt_id
        WHERE r.counterparty_location_id IS NOT NULL
        GROUP BY 1, 2, 3 HAVING sum(e.quantity) <> 0`,
  );
  for (const u of unbalanced) problems.push({ problem: 'receiptNotBalanced', ...u, expected: 0 });
  // Entries that should not be there: wrong source, a receipt not final (or an inventory one), a location that is no side of it, an external one not commission.
  const wrong = await rows<{ palletReceiptId: number | null; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.pallet_receipt_id AS "palletReceiptId", e.location_id AS "locationId", e.product_id AS "productId",
          e.balance_kind AS "balanceKind", e.quantity AS actual
        FROM ledger_entries e LEFT JOIN pallet_receipts r ON r.id = e.pallet_receipt_id
        WHERE (e.source IN ('receipt', 'receiptCorrection') AND r.id IS NULL)
           OR (e.source NOT IN ('receipt', 'receiptCorrection') AND e.pallet_receipt_id IS NOT NULL)
           OR (r.id IS NOT NULL AND (r.status <> 'final' OR r.inventory OR r.posted_at IS NULL
             OR e.location_id NOT IN (r.location_id, COALESCE(r.counterparty_location_id, r.location_id))
             OR (r.counterparty_location_id IS NULL AND e.balance_kind <> 'commission')))`,
  );
  for (const w of wrong) problems.push({ problem: 'receiptPostedWrongly', ...w, palletReceiptId: w.palletReceiptId ?? undefined });
  // The location's side per receipt and product: its `receipt` entries are delivered - returned, posted or not at all.
  const differs = await rows<{ palletReceiptId: number; locationId: number; productId: number; expected: number; actual: number }>(
    db,
    sql`SELECT r.id AS "palletReceiptId", r.location_id AS "locationId", rl.product_id AS "productId",
          (rl.delivered - rl.returned)::int AS expected, COALESCE(p.total, 0)::int AS actual
        FROM pallet_receipts r JOIN pallet_receipt_lines rl ON rl.receipt_id = r.id
        LEFT JOIN ${atLocation(['receipt'])} p ON p.pallet_receipt_id = r.id AND p.product_id = rl.product_id
        WHERE r.status = 'final' AND NOT r.inventory AND COALESCE(p.total, 0) <> rl.delivered - rl.returned`,
  );
  for (const d of differs) problems.push({ problem: 'receiptPostedWrongly', ...d });
  // With its corrections, the location's side is the net in force.
  const inForce = await rows<{ palletReceiptId: number; productId: number; expected: number; actual: number }>(
    db,
    sql`SELECT f.receipt_id AS "palletReceiptId", f.product_id AS "productId", f.net::int AS expected, COALESCE(p.total, 0)::int AS actual
        FROM ${netInForce} f LEFT JOIN ${atLocation(['receipt', 'receiptCorrection'])} p
          ON p.pallet_receipt_id = f.receipt_id AND p.product_id = f.product_id
        WHERE COALESCE(p.total, 0) <> f.net`,
  );
  for (const f of inForce) problems.push({ problem: 'receiptPostedWrongly', ...f });
  problems.push(...(await checkCorrections(db)));
  return problems;
}

/** Correction entries belong to a corrected dispute of their receipt, and each posted its difference exactly once. */
async function checkCorrections(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const orphans = await rows<{ palletReceiptId: number | null; palletReceiptDisputeId: number | null; locationId: number; actual: number }>(
    db,
    sql`SELECT e.pallet_receipt_id AS "palletReceiptId", e.pallet_receipt_dispute_id AS "palletReceiptDisputeId",
          e.location_id AS "locationId", e.quantity AS actual
        FROM ledger_entries e LEFT JOIN pallet_receipt_disputes d ON d.id = e.pallet_receipt_dispute_id
        WHERE (e.source = 'receiptCorrection' AND (d.id IS NULL OR d.status <> 'corrected' OR d.receipt_id <> e.pallet_receipt_id))
           OR (e.source <> 'receiptCorrection' AND e.pallet_receipt_dispute_id IS NOT NULL)`,
  );
  for (const o of orphans)
    problems.push({
      problem: 'receiptCorrectionDiffers',
      locationId: o.locationId,
      actual: o.actual,
      palletReceiptId: o.palletReceiptId ?? undefined,
      palletReceiptDisputeId: o.palletReceiptDisputeId ?? undefined,
    });
  const differs = await rows<{ palletReceiptDisputeId: number; productId: number; expected: number; actual: number }>(
    db,
    sql`SELECT * FROM (
          SELECT d.id AS "palletReceiptDisputeId", dl.product_id AS "productId", COALESCE(p.total, 0)::int AS actual,
            (CASE WHEN d.status = 'corrected' THEN (dl.delivered - dl.returned) - (dl.was_delivered - dl.was_returned) ELSE 0 END)::int AS expected
          FROM pallet_receipt_disputes d JOIN pallet_receipt_dispute_lines dl ON dl.dispute_id = d.id
          JOIN pallet_receipts r ON r.id = d.receipt_id
          LEFT JOIN (SELECT pallet_receipt_dispute_id, location_id, product_id, sum(quantity) AS total FROM ledger_entries
                     WHERE pallet_receipt_dispute_id IS NOT NULL GROUP BY 1, 2, 3) p
            ON p.pallet_receipt_dispute_id = d.id AND p.location_id = r.location_id AND p.product_id = dl.product_id
        ) x WHERE actual <> expected`,
  );
  for (const d of differs) problems.push({ problem: 'receiptCorrectionDiffers', ...d });
  return problems;
}
