/**
 * The disputes of a final pallet receipt as its answer shows them (issue 20; ZPalletReceiptDispute):
 * oldest first, each with its lines (product names in the caller's language) and the decision.
 */
import type { Locale, PalletReceiptDispute } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { isoInstant } from '../http.js';
import { productNamesById } from '../orders/product-names.js';

interface DisputeRow {
  id: number;
  status: PalletReceiptDispute['status'];
  side: PalletReceiptDispute['side'];
  reason: string;
  raisedBy: string;
  raisedAt: Date | string;
  decidedAt: Date | string | null;
  decidedBy: string | null;
  decisionComment: string | null;
}

interface DisputeLineRow {
  disputeId: number;
  productId: number;
  delivered: number;
  returned: number;
  wasDelivered: number;
  wasReturned: number;
}

/** The disputes of receipt `id`, product names in `locale`. */
export async function loadDisputes(db: Tx, id: number, locale: Locale): Promise<PalletReceiptDispute[]> {
  const disputes = await rows<DisputeRow>(
    db,
    sql`SELECT d.id, d.status, d.side, d.reason, ru.name AS "raisedBy", d.raised_at AS "raisedAt", d.decided_at AS "decidedAt",
          du.name AS "decidedBy", d.decision_comment AS "decisionComment"
        FROM pallet_receipt_disputes d JOIN users ru ON ru.id = d.raised_by_user_id LEFT JOIN users du ON du.id = d.decided_by_user_id
        WHERE d.receipt_id = ${id} ORDER BY d.id`,
  );
  if (disputes.length === 0) return [];
  const lines = await rows<DisputeLineRow>(
    db,
    sql`SELECT dispute_id AS "disputeId", product_id AS "productId", delivered, returned, was_delivered AS "wasDelivered",
          was_returned AS "wasReturned"
        FROM pallet_receipt_dispute_lines WHERE dispute_id IN (SELECT id FROM pallet_receipt_disputes WHERE receipt_id = ${id})
        ORDER BY dispute_id, product_id`,
  );
  const names = await productNamesById(db, locale, [...new Set(lines.map((l) => Number(l.productId)))]);
  return disputes.map((d) => ({
    id: Number(d.id),
    status: d.status,
    side: d.side,
    reason: d.reason,
    raisedBy: d.raisedBy,
    raisedAt: isoInstant(d.raisedAt) ?? '',
    lines: lines
      .filter((l) => Number(l.disputeId) === Number(d.id))
      .map((l) => ({
        productId: Number(l.productId),
        productName: names.get(Number(l.productId)) ?? '',
        delivered: Number(l.delivered),
        returned: Number(l.returned),
        wasDelivered: Number(l.wasDelivered),
        wasReturned: Number(l.wasReturned),
      })),
    decidedAt: isoInstant(d.decidedAt),
    decidedBy: d.decidedBy,
    decisionComment: d.decisionComment,
  }));
}
