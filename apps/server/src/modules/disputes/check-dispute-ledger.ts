/**
 * The dispute rules of `checkLedgerInvariant` (orders/ledger.ts; docs/disputes.md, "Posting"):
 * - `disputePostedWrongly`: an entry of source `dispute` without a dispute, or of a dispute that
 *   is not accepted or decided for (so nothing posted for an open, rejected, decided-against or
 *   withdrawn one), and an entry of another source that names a dispute;
 * - `disputeCorrectionDiffers`: per settled dispute, product and location, the entries differ
 *   from quantity - was_quantity at the receiver and its negation at the sender, or sit at another
 *   location (posted twice, never, or wrongly); a single entry's dispute (source kind
 *   `ledgerEntry`) has its difference at the receiver only.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { LedgerProblem } from '../orders/ledger.js';

/** The problems of disputes' entries (see the file comment). */
export async function checkDisputes(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const stray = await rows<{ disputeId: number | null; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.dispute_id AS "disputeId", e.location_id AS "locationId", e.product_id AS "productId", e.balance_kind AS "balanceKind",
          e.quantity AS actual
        FROM ledger_entries e LEFT JOIN disputes d ON d.id = e.dispute_id
        WHERE (e.source = 'dispute' AND (d.id IS NULL OR d.status NOT IN ('accepted', 'decidedFor') OR e.balance_kind <> d.balance_kind))
           OR (e.source <> 'dispute' AND e.dispute_id IS NOT NULL)`,
  );
  for (const s of stray) problems.push({ problem: 'disputePostedWrongly', ...s, disputeId: s.disputeId ?? undefined });
  const differs = await rows<{ disputeId: number; locationId: number; productId: number; expected: number; actual: number }>(
    db,
    sql`SELECT COALESCE(x.dispute_id, a.dispute_id) AS "disputeId", COALESCE(x.location_id, a.location_id) AS "locationId",
          COALESCE(x.product_id, a.product_id) AS "productId", COALESCE(x.quantity, 0)::int AS expected, COALESCE(a.total, 0)::int AS actual
        FROM (SELECT d.id AS dispute_id, s.location_id, dl.product_id, s.sign * (dl.quantity - dl.was_quantity) AS quantity
              FROM disputes d JOIN dispute_lines dl ON dl.dispute_id = d.id
              CROSS JOIN LATERAL (VALUES (d.from_location_id, -1), (d.to_location_id, 1)) AS s(location_id, sign)
              WHERE d.status IN ('accepted', 'decidedFor') AND dl.quantity <> dl.was_quantity
                AND NOT (d.source_kind = 'ledgerEntry' AND s.sign = -1)) x
        FULL JOIN (SELECT dispute_id, location_id, product_id, sum(quantity) AS total FROM ledger_entries
                   WHERE source = 'dispute' AND dispute_id IS NOT NULL GROUP BY 1, 2, 3) a
          ON a.dispute_id = x.dispute_id AND a.location_id = x.location_id AND a.product_id = x.product_id
        WHERE COALESCE(x.quantity, 0) <> COALESCE(a.total, 0)`,
  );
  for (const d of differs) problems.push({ problem: 'disputeCorrectionDiffers', ...d });
  return problems;
}
