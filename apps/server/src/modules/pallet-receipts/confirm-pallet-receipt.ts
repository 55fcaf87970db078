/**
 * POST PalletReceiptConfirmation (issue 20; docs/pallet-receipts.md, "The counterparty's
 * consent"): a user of the counterparty confirms an open receipt in its own session, or objects
 * to it, within its window. With the link mailed to the counterparty (answer-pallet-receipt.ts)
 * and the window passing without an objection (finalize-due-receipts.ts), the only ways a receipt
 * moves another party's balance.
 */
import { AppErrorCode, type PalletReceiptConfirmationRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { callerSides, type ReceiptHead, visibleReceipt } from './access.js';
import { finalizeReceipt } from './finalize-receipt.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { withinWindow } from './receipt-actions.js';
import { alertGlobalAdmins, alertLocation } from './receipt-alerts.js';

/**
 * Throws PALLET_RECEIPT (409) unless the counterparty may answer `head` now (`withinWindow`):
 * `awaitingApproval` while provider staff have not approved it, `notOpen` when it is answered,
 * final or void, `windowPassed` after its due date.
 */
export function requireWindow(head: ReceiptHead): void {
  if (withinWindow(head)) return;
  const reasonKey =
    head.status === 'approval'
      ? 'palletReceipts.reasons.awaitingApproval'
      : head.status === 'open' && head.toldAt !== null
        ? 'palletReceipts.reasons.windowPassed'
        : 'palletReceipts.reasons.notOpen';
  throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey });
}

/**
 * The counterparty objects to open receipt `id` (`name` who, `objection` why): it becomes
 * disputed and posts nothing; its location's users and the provider's global admins are alerted
 * (provider staff decide it, decide-pallet-receipt.ts). Inside the caller's transaction, the
 * receipt's row locked by the caller.
 * @throws CONFLICT when it is no longer open (another answer came first)
 */
export async function objectReceipt(tx: Tx, id: number, name: string, objection: string): Promise<void> {
  const updated = await rows<{ id: number }>(
    tx,
    sql`UPDATE pallet_receipts SET status = 'disputed', objected_at = clock_timestamp(), objection = ${objection},
          confirmed_by_name = ${name}
        WHERE id = ${id} AND status = 'open' RETURNING id`,
  );
  if (updated.length === 0) throw new AppError(AppErrorCode.CONFLICT);
  const receipt = await loadPalletReceipt(tx, id, 'en-US');
  await alertLocation(tx, receipt, receipt.location.id, 'objected');
  await alertGlobalAdmins(tx, receipt, 'objected');
}

/**
 * Confirms (`confirm`: final, `final_reason` confirmed, posts once, the user's name and id kept)
 * or objects to (`objectReceipt`) receipt `request.id` as the acting user, in one transaction with
 * the receipt's row locked.
 * Errors: FORBIDDEN without the dock's rights, or when the caller is no user of the receipt's
 * portal counterparty (`callerSides`: its own customer's user whose scope holds it; provider staff
 * for a depot); NOT_FOUND outside the caller's scope; PALLET_RECEIPT (409) outside the window
 * (`requireWindow`); CONFLICT when another answer came first.
 */
export async function confirmPalletReceipt(db: Db, auth: AuthContext, request: PalletReceiptConfirmationRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const head = await visibleReceipt(tx, auth, request.id, true);
    if (!callerSides(auth, head.scope, head).counterparty) throw forbidden();
    requireWindow(head);
    if (request.confirm) {
      const options = { confirmedByName: auth.user.name, confirmedByUserId: auth.user.id };
      if (!(await finalizeReceipt(tx, head.id, 'confirmed', options))) throw new AppError(AppErrorCode.CONFLICT);
      return;
    }
    await objectReceipt(tx, head.id, auth.user.name, request.objection ?? '');
  });
}
