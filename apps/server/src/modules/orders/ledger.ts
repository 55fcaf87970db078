/**
 * The ledger of carriers (domain.md, "Balances"; docs/domain.md, "Balances"): an order posts
 * once, when it reaches 5, in the transaction of that status change; the running `balances`
 * move in the same transaction. `checkLedgerInvariant` recomputes everything from the
 * entries and says what does not add up.
 */
import { balanceKindFor } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx, utcTodaySql } from '../../db/client.js';
import { postEntries } from '../balance/post-entries.js';
import { checkDisputes } from '../disputes/check-dispute-ledger.js';
import { checkReceipts } from '../pallet-receipts/check-receipt-ledger.js';

/** The quantity an order line posts (or would post now): delivered, else picked, else ordered. */
export const finalQuantitySql = sql`COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered)`;

/** What posting needs to know about an order and its two ends. */
export interface PostingOrder {
  id: number;
  fromId: number;
  toId: number | null;
  fromPooling: boolean;
  fromType: string;
  toPooling: boolean | null;
  toType: string | null;
}

/**
 * Posts an order's final quantities (delivered, else sorted = delivered, else picked, else
 * ordered; lines of 0 post nothing): minus at the from-location, plus at the to-location, one
 * balance kind for both ends (`balanceKindFor`). An external receiver has no ledger: only the
 * sender posts, as commission. The running balances and stock levels move with the entries
 * (`postEntries`). Call once per order, inside the status change to 5.
 */
export async function postToLedger(tx: Tx, order: PostingOrder): Promise<void> {
  const kind = balanceKindFor(
    { isPooling: order.fromPooling, typeId: order.fromType },
    order.toType === null ? null : { isPooling: !!order.toPooling, typeId: order.toType },
  );
  const sides =
    order.toId === null ? sql`(VALUES (${order.fromId}::int, -1))` : sql`(VALUES (${order.fromId}::int, -1), (${order.toId}::int, 1))`;
  await postEntries(
    tx,
    sql`INSERT INTO ledger_entries (order_id, product_id, location_id, balance_kind, quantity, source, booking_date)
    SELECT ${order.id}, ol.product_id, s.location_id, ${kind}, s.sign * ${finalQuantitySql}, 'order', ${utcTodaySql}
    FROM order_lines ol CROSS JOIN ${sides} AS s(location_id, sign)
    WHERE ol.order_id = ${order.id} AND ${finalQuantitySql} <> 0`,
  );
}

/** One thing that does not add up; `problem` names the rule, the rest says where. */
export interface LedgerProblem {
  problem:
    | 'orderNotBalanced'
    | 'openingNotBalanced'
    | 'externalNotOneSided'
    | 'postedBeforeReceived'
    | 'receivedNotPosted'
    | 'balanceDiffers'
    | 'correctionWithoutAudit'
    | 'correctionMisplaced'
    | 'correctionDiffers'
    // Issue 11: pallet receipts (modules/pallet-receipts) and rentals (modules/containers).
    | 'receiptNotBalanced'
    | 'receiptPostedWrongly'
    // Issue 20: corrections of final pallet receipts.
    | 'receiptCorrectionDiffers'
    | 'rentalNotBalanced'
    | 'rentalPostedWrongly'
    // Issue 21: the monthly sums (`ledger_months`).
    | 'monthDiffers'
    // Issue 22: disputes' corrections (disputes/check-dispute-ledger.ts).
    | 'disputePostedWrongly'
    | 'disputeCorrectionDiffers';
  palletReceiptId?: number;
  palletReceiptDisputeId?: number;
  rentalId?: number;
  disputeId?: number;
  orderId?: number;
  countAuditId?: number;
  locationId?: number;
  productId?: number;
  balanceKind?: string;
  /** The month's first day (yyyy-MM-dd), for `monthDiffers`. */
  month?: string;
  expected?: number;
  actual?: number;
}

/**
 * Checks the ledger (domain.md: "a check recomputes it from the ledger and must agree"):
 * - every order between two portal locations: its entries of each product and kind sum to 0;
 * - the opening balances (source 'opening', no order: a location's carriers before its first
 *   order, balanced by a depot) of each product and kind sum to 0;
 * - an order to an external receiver: entries at its from-location only, commission, never plus;
 * - only orders in status 5 have entries, and each order in 5 with a non-zero final quantity has;
 * - `balances` equals the sum of the entries per location, product and kind (missing rows count 0);
 * - `ledger_months` equals the sum of the entries per location, product, kind and month of the
 *   booking date (`monthDiffers`; issue 21);
 * - count audit corrections (source 'correction'), one-sided like issue and scrap and so outside
 *   the zero-sum rules, each belong to a confirmed count audit (`correctionWithoutAudit`; an
 *   entry of another source naming an audit too), sit at its location on its count date
 *   (`correctionMisplaced`), and per audit and product sum to the line's stored difference,
 *   counted - balance (`correctionDiffers`: also a line with a difference and no correction);
 * - pallet receipts (pallet-receipts/check-receipt-ledger.ts, `checkReceipts`): between two portal
 *   locations each receipt's entries (with its corrections) of each product and kind sum to 0
 *   (`receiptNotBalanced`); `receiptPostedWrongly` for an entry of source `receipt` or
 *   `receiptCorrection` without a receipt or of another source naming one, entries of a receipt
 *   that is not final or is an inventory receipt, entries at a location that is not one of its two
 *   sides (an external counterparty: only the location, as commission), the location's `receipt`
 *   entries per product differing from delivered - returned (also a final receipt with a non-zero
 *   net and no entries), and its entries with the corrections differing from the quantities in
 *   force; `receiptCorrectionDiffers` for a correction entry of no corrected dispute of its
 *   receipt, and a corrected dispute whose entries at the location differ from its difference
 *   (posted twice, or not at all);
 * - rentals (source 'rental', issue 11; docs/containers.md, "Ledger"): their entries sum to 0 per
 *   rental, product and kind (`rentalNotBalanced`); each names its rental (and only rental
 *   entries name one), is pooling, of the rental's product, at its location or depot; at the
 *   renting location the plus entries add up to the containers ever assigned and the minus
 *   entries to those returned, so each assignment and each return posted exactly once and the
 *   entries there sum to the containers out now (`rentalPostedWrongly`);
 * - disputes' corrections (source 'dispute', issue 22; disputes/check-dispute-ledger.ts): only an
 *   accepted or decided-for dispute posts (`disputePostedWrongly`), and exactly its difference,
 *   minus at the movement's sender and plus at its receiver (`disputeCorrectionDiffers`: posted
 *   twice or never).
 * Reads the whole ledger: meant for tests and maintenance, not for requests.
 * @returns the problems found; empty when the ledger is sound
 */
export async function checkLedgerInvariant(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await rows<{ orderId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.order_id AS "orderId", e.product_id AS "productId", e.balance_kind AS "balanceKind", sum(e.quantity)::int AS actual
        FROM ledger_entries e JOIN orders o ON o.id = e.order_id
        WHERE o.location_id_to IS NOT NULL
        GROUP BY 1, 2, 3 HAVING sum(e.quantity) <> 0`,
  );
  for (const u of unbalanced) problems.push({ problem: 'orderNotBalanced', ...u, expected: 0 });
  const openings = await rows<{ productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT product_id AS "productId", balance_kind AS "balanceKind", sum(quantity)::int AS actual
        FROM ledger_entries WHERE source = 'opening' GROUP BY 1, 2 HAVING sum(quantity) <> 0`,
  );
  for (const o of openings) problems.push({ problem: 'openingNotBalanced', ...o, expected: 0 });
  const external = await rows<{ orderId: number; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.order_id AS "orderId", e.location_id AS "locationId", e.product_id AS "productId", e.balance_kind AS "balanceKind", e.quantity AS actual
        FROM ledger_entries e JOIN orders o ON o.id = e.order_id
        WHERE o.location_id_to IS NULL AND (e.location_id <> o.location_id_from OR e.quantity > 0 OR e.balance_kind <> 'commission')`,
  );
  for (const x of external) problems.push({ problem: 'externalNotOneSided', ...x });
  const early = await rows<{ orderId: number }>(
    db,
    sql`SELECT DISTINCT e.order_id AS "orderId" FROM ledger_entries e JOIN orders o ON o.id = e.order_id WHERE o.transaction_status_id <> 5`,
  );
  for (const e of early) problems.push({ problem: 'postedBeforeReceived', orderId: Number(e.orderId) });
  const missing = await rows<{ orderId: number }>(
    db,
    sql`SELECT o.id AS "orderId" FROM orders o
        WHERE o.transaction_status_id = 5
          AND EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = o.id AND ${finalQuantitySql} <> 0)
          AND NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.order_id = o.id)`,
  );
  for (const m of missing) problems.push({ problem: 'receivedNotPosted', orderId: Number(m.orderId) });
  const differs = await rows<{ locationId: number; productId: number; balanceKind: string; expected: number; actual: number }>(
    db,
    sql`SELECT COALESCE(l.location_id, b.location_id) AS "locationId", COALESCE(l.product_id, b.product_id) AS "productId",
          COALESCE(l.balance_kind, b.balance_kind) AS "balanceKind", COALESCE(l.total, 0)::int AS expected, COALESCE(b.quantity, 0)::int AS actual
        FROM (SELECT location_id, product_id, balance_kind, sum(quantity) AS total FROM ledger_entries GROUP BY 1, 2, 3) l
        FULL JOIN balances b ON b.location_id = l.location_id AND b.product_id = l.product_id AND b.balance_kind = l.balance_kind
        WHERE COALESCE(l.total, 0) <> COALESCE(b.quantity, 0)`,
  );
  for (const d of differs) problems.push({ problem: 'balanceDiffers', ...d });
  const months = await rows<{
    locationId: number;
    productId: number;
    balanceKind: string;
    month: string;
    expected: number;
    actual: number;
  }>(
    db,
    sql`SELECT COALESCE(l.location_id, m.location_id) AS "locationId", COALESCE(l.product_id, m.product_id) AS "productId",
          COALESCE(l.balance_kind, m.balance_kind) AS "balanceKind", COALESCE(l.month, m.month)::text AS month,
          COALESCE(l.total, 0)::int AS expected, COALESCE(m.quantity, 0)::int AS actual
        FROM (SELECT location_id, product_id, balance_kind, date_trunc('month', booking_date::timestamp)::date AS month, sum(quantity) AS total
              FROM ledger_entries GROUP BY 1, 2, 3, 4) l
        FULL JOIN ledger_months m ON m.location_id = l.location_id AND m.product_id = l.product_id
          AND m.balance_kind = l.balance_kind AND m.month = l.month
        WHERE COALESCE(l.total, 0) <> COALESCE(m.quantity, 0)`,
  );
  for (const m of months) problems.push({ problem: 'monthDiffers', ...m });
  problems.push(...(await checkCorrections(db)));
  problems.push(...(await checkReceipts(db)));
  problems.push(...(await checkRentals(db)));
  problems.push(...(await checkDisputes(db)));
  return problems.map((p) => ({
    ...p,
    ...(p.orderId !== undefined ? { orderId: Number(p.orderId) } : {}),
    ...(p.countAuditId != null ? { countAuditId: Number(p.countAuditId) } : {}),
    ...(p.palletReceiptId != null ? { palletReceiptId: Number(p.palletReceiptId) } : {}),
    ...(p.palletReceiptDisputeId != null ? { palletReceiptDisputeId: Number(p.palletReceiptDisputeId) } : {}),
    ...(p.disputeId != null ? { disputeId: Number(p.disputeId) } : {}),
  }));
}

/** The count audit rules of `checkLedgerInvariant` (docs/domain.md, "Count audits"). */
async function checkCorrections(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const orphans = await rows<{ countAuditId: number | null; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.count_audit_id AS "countAuditId", e.location_id AS "locationId", e.product_id AS "productId",
          e.balance_kind AS "balanceKind", e.quantity AS actual
        FROM ledger_entries e LEFT JOIN count_audits a ON a.id = e.count_audit_id
        WHERE (e.source = 'correction' AND (a.id IS NULL OR a.status <> 'confirmed'))
           OR (e.source <> 'correction' AND e.count_audit_id IS NOT NULL)`,
  );
  for (const o of orphans) problems.push({ problem: 'correctionWithoutAudit', ...o, countAuditId: o.countAuditId ?? undefined });
  const misplaced = await rows<{ countAuditId: number; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.count_audit_id AS "countAuditId", e.location_id AS "locationId", e.product_id AS "productId",
          e.balance_kind AS "balanceKind", e.quantity AS actual
        FROM ledger_entries e JOIN count_audits a ON a.id = e.count_audit_id
        WHERE e.source = 'correction' AND (e.location_id <> a.location_id OR e.booking_date <> a.count_date)`,
  );
  for (const m of misplaced) problems.push({ problem: 'correctionMisplaced', ...m });
  const differs = await rows<{ countAuditId: number; locationId: number; productId: number; expected: number; actual: number }>(
    db,
    sql`SELECT COALESCE(l.audit_id, c.count_audit_id) AS "countAuditId", COALESCE(l.location_id, c.location_id) AS "locationId",
          COALESCE(l.product_id, c.product_id) AS "productId", COALESCE(l.difference, 0)::int AS expected, COALESCE(c.total, 0)::int AS actual
        FROM (SELECT cl.audit_id, a.location_id, cl.product_id, cl.counted_quantity - cl.balance AS difference
              FROM count_audit_lines cl JOIN count_audits a ON a.id = cl.audit_id WHERE a.status = 'confirmed') l
        FULL JOIN (SELECT e.count_audit_id, e.location_id, e.product_id, sum(e.quantity) AS total
                   FROM ledger_entries e JOIN count_audits a ON a.id = e.count_audit_id AND a.status = 'confirmed'
                   WHERE e.source = 'correction' GROUP BY 1, 2, 3) c
          ON c.count_audit_id = l.audit_id AND c.product_id = l.product_id
        WHERE COALESCE(l.difference, 0) <> COALESCE(c.total, 0)`,
  );
  for (const d of differs) problems.push({ problem: 'correctionDiffers', ...d });
  return problems;
}

/** The rental rules of `checkLedgerInvariant` (docs/containers.md, "Ledger"). */
async function checkRentals(db: Tx): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await rows<{ rentalId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT rental_id AS "rentalId", product_id AS "productId", balance_kind AS "balanceKind", sum(quantity)::int AS actual
        FROM ledger_entries WHERE source = 'rental' GROUP BY 1, 2, 3 HAVING sum(quantity) <> 0`,
  );
  for (const u of unbalanced) problems.push({ problem: 'rentalNotBalanced', ...u, rentalId: u.rentalId ?? undefined, expected: 0 });
  const stray = await rows<{ rentalId: number | null; locationId: number; productId: number; balanceKind: string; actual: number }>(
    db,
    sql`SELECT e.rental_id AS "rentalId", e.location_id AS "locationId", e.product_id AS "productId", e.balance_kind AS "balanceKind", e.quantity AS actual
        FROM ledger_entries e LEFT JOIN rentals r ON r.id = e.rental_id
        WHERE (e.source = 'rental' AND (r.id IS NULL OR e.balance_kind <> 'pooling' OR e.product_id <> r.product_id
                 OR e.location_id NOT IN (r.location_id, COALESCE(r.depot_location_id, r.location_id))))
           OR (e.source <> 'rental' AND e.rental_id IS NOT NULL)`,
  );
  for (const x of stray) problems.push({ problem: 'rentalPostedWrongly', ...x, rentalId: x.rentalId ?? undefined });
  const counts = await rows<{ rentalId: number; locationId: number; assigned: number; returned: number; plus: number; minus: number }>(
    db,
    sql`SELECT r.id AS "rentalId", r.location_id AS "locationId",
          (SELECT count(*) FROM rental_containers rc WHERE rc.rental_id = r.id)::int AS assigned,
          (SELECT count(*) FROM rental_containers rc WHERE rc.rental_id = r.id AND rc.returned_on IS NOT NULL)::int AS returned,
          COALESCE((SELECT sum(e.quantity) FROM ledger_entries e
                    WHERE e.rental_id = r.id AND e.source = 'rental' AND e.location_id = r.location_id AND e.quantity > 0), 0)::int AS plus,
          COALESCE((SELECT -sum(e.quantity) FROM ledger_entries e
                    WHERE e.rental_id = r.id AND e.source = 'rental' AND e.location_id = r.location_id AND e.quantity < 0), 0)::int AS minus
        FROM rentals r`,
  );
  for (const c of counts) {
    if (Number(c.plus) === Number(c.assigned) && Number(c.minus) === Number(c.returned)) continue;
    problems.push({
      problem: 'rentalPostedWrongly',
      rentalId: Number(c.rentalId),
      locationId: Number(c.locationId),
      expected: Number(c.assigned) - Number(c.returned),
      actual: Number(c.plus) - Number(c.minus),
    });
  }
  return problems;
}
