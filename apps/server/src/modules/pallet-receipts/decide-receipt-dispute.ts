/**
 * POST PalletReceiptDisputeDecision (issue 20; docs/pallet-receipts.md, "Disputes of a final
 * receipt"): provider staff reject a dispute of a final receipt, or correct it, which posts the
 * difference once; the receipt itself never changes.
 */
import { AppErrorCode, type PalletReceiptDisputeDecisionRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { alertLocation } from './receipt-alerts.js';
import { postCorrection } from './receipt-corrections.js';

/**
 * Decides dispute `request.id` in one transaction: a conditional update (`WHERE status = 'open'
 * RETURNING`) moves it to corrected or rejected with the decider, the time and the comment, so
 * of two decisions at once one wins and the correction posts once (`postCorrection`). Both
 * sides' location users are alerted.
 * Errors: FORBIDDEN unless provider staff; NOT_FOUND for no dispute; PALLET_RECEIPT (409,
 * `disputeDecided`) unless it is open.
 * @returns the id of the disputed receipt
 */
export async function decideReceiptDispute(db: Db, auth: AuthContext, request: PalletReceiptDisputeDecisionRequest): Promise<number> {
  if (!auth.isProvider) throw forbidden();
  return db.transaction(async (tx) => {
    const [exists] = await rows<{ receiptId: number }>(
      tx,
      sql`SELECT receipt_id AS "receiptId" FROM pallet_receipt_disputes WHERE id = ${request.id}`,
    );
    if (!exists) throw notFound();
    const [dispute] = await rows<{ receiptId: number; reason: string }>(
      tx,
      sql`UPDATE pallet_receipt_disputes SET status = ${request.correct ? 'corrected' : 'rejected'}, decided_by_user_id = ${auth.user.id},
            decided_at = clock_timestamp(), decision_comment = ${request.comment}
          WHERE id = ${request.id} AND status = 'open' RETURNING receipt_id AS "receiptId", reason`,
    );
    if (!dispute) throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.disputeDecided' });
    const receiptId = Number(dispute.receiptId);
    if (request.correct) await postCorrection(tx, receiptId, request.id);
    const receipt = await loadPalletReceipt(tx, receiptId, 'en-US');
    const extras = { reason: dispute.reason, comment: request.comment };
    for (const side of [receipt.location, receipt.counterparty])
      if (side?.kind === 'location') await alertLocation(tx, receipt, side.id, request.correct ? 'corrected' : 'rejected', null, extras);
    return receiptId;
  });
}
