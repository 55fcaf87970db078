/**
 * POST PalletReceiptApproval (issue 20; docs/pallet-receipts.md, "Provider approval"): provider
 * staff approve or void a receipt that waits for their approval (a counterparty the location does
 * not trade with, or more returned than it holds).
 */
import { AppErrorCode, type PalletReceiptApprovalRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { finalizeReceipt } from './finalize-receipt.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { alertLocation } from './receipt-alerts.js';
import { sendReceiptNotices } from './receipt-notices.js';

/**
 * Decides receipt `request.id`, waiting for approval, in one transaction with its row locked;
 * the comment is added to the receipt's comment and the location's users are alerted:
 * - approve: it opens (`approved_at`, `approved_by_user_id`). When it moves no other party's
 *   balance and both sides signed at the dock, it is final at once (`signatures`) and posts.
 *   After the commit its counterparty is told (`sendReceiptNotices`: mail, alert, the window
 *   starts now);
 * - void: posts nothing, ever.
 * Errors: FORBIDDEN unless provider staff; NOT_FOUND for no receipt; PALLET_RECEIPT (409,
 * `notApproval`) unless it waits for approval.
 */
export async function approvePalletReceipt(
  db: Db,
  auth: AuthContext,
  request: PalletReceiptApprovalRequest,
  publicUrl: string,
): Promise<void> {
  if (!auth.isProvider) throw forbidden();
  await db.transaction(async (tx) => {
    const [receipt] = await rows<{ id: number; status: string; needsConsent: boolean; signed: number }>(
      tx,
      sql`SELECT id, status, needs_consent AS "needsConsent",
            (SELECT count(*)::int FROM pallet_receipt_signatures s WHERE s.receipt_id = r.id) AS signed
          FROM pallet_receipts r WHERE id = ${request.id} FOR UPDATE`,
    );
    if (!receipt) throw notFound();
    if (receipt.status !== 'approval') throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.notApproval' });
    await tx.execute(sql`UPDATE pallet_receipts SET comment = concat_ws(E'\\n', comment, ${request.comment}::text),
        status = ${request.approve ? 'open' : 'void'},
        approved_at = CASE WHEN ${request.approve} THEN clock_timestamp() ELSE NULL END,
        approved_by_user_id = CASE WHEN ${request.approve} THEN ${auth.user.id}::int ELSE NULL END
      WHERE id = ${request.id}`);
    if (request.approve && !receipt.needsConsent && Number(receipt.signed) >= 2) await finalizeReceipt(tx, request.id, 'signatures');
    const decided = await loadPalletReceipt(tx, request.id, 'en-US');
    await alertLocation(tx, decided, decided.location.id, request.approve ? 'approved' : 'voided', null, { comment: request.comment });
  });
  if (request.approve)
    await sendReceiptNotices(db, request.id, publicUrl).catch((error) => console.error('Pallet receipt notices left to the job', error));
}
