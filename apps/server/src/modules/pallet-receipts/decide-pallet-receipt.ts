/**
 * POST PalletReceiptDecision (issue 11; docs/pallet-receipts.md, "Disputes"): provider staff
 * decide a receipt the counterparty objected to.
 */
import { AppErrorCode, type PalletReceiptDecisionRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { finalizeReceipt } from './finalize-receipt.js';

/**
 * Decides the disputed receipt `request.id`, in one transaction with its row locked: `final`
 * makes it final (`final_reason` provider) and posts it (`finalizeReceipt`); otherwise it
 * becomes void and posts nothing. The provider's comment is added to the receipt's comment.
 * Errors: FORBIDDEN unless provider staff; NOT_FOUND for no receipt; PALLET_RECEIPT (409,
 * `notDisputed`) unless disputed.
 */
export async function decidePalletReceipt(db: Db, auth: AuthContext, request: PalletReceiptDecisionRequest): Promise<void> {
  if (!auth.isProvider) throw forbidden();
  await db.transaction(async (tx) => {
    const [receipt] = await rows<{ id: number; status: string }>(
      tx,
      sql`SELECT id, status FROM pallet_receipts WHERE id = ${request.id} FOR UPDATE`,
    );
    if (!receipt) throw notFound();
    if (receipt.status !== 'disputed') throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.notDisputed' });
    await tx.execute(
      sql`UPDATE pallet_receipts SET comment = concat_ws(E'\n', comment, ${request.comment}::text) WHERE id = ${request.id}`,
    );
    if (request.final) {
      if (!(await finalizeReceipt(tx, Number(receipt.id), 'provider'))) throw new AppError(AppErrorCode.CONFLICT);
      return;
    }
    await tx.execute(sql`UPDATE pallet_receipts SET status = 'void' WHERE id = ${request.id} AND status = 'disputed'`);
  });
}
