/**
 * The QR link's calls (issue 11 and 20; docs/pallet-receipts.md, "The QR links"): anyone holding a
 * link sees the receipt's public summary; the link mailed to the counterparty confirms or objects,
 * without an account, while the receipt is open and within its window, and so does the dock's
 * link of a receipt that moves no other party's balance. The token is the only key: a wrong one answers
 * NOT_FOUND as an unknown receipt does, and one receipt's token opens nothing of another.
 */
import { AppErrorCode, type Locale, type PalletReceiptAnswerRequest, type PalletReceiptPublic } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { type ReceiptHead, receiptHead } from './access.js';
import { objectReceipt, requireWindow } from './confirm-pallet-receipt.js';
import { finalizeReceipt } from './finalize-receipt.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { hashQrToken } from './qr-token.js';
import { withinWindow } from './receipt-actions.js';

/** A receipt found by a link's token, and whether the token is the one mailed to the counterparty. */
type TokenReceipt = ReceiptHead & { viaAnswerLink: boolean };

/** The receipt of a QR token (its row locked when `lock`), or NOT_FOUND (also for a count at the dock). */
async function receiptOfToken(db: Tx, token: string, lock = false): Promise<TokenReceipt> {
  const hash = hashQrToken(token);
  const head = await receiptHead(db, sql`(r.qr_token_hash = ${hash} OR r.answer_token_hash = ${hash})`, lock);
  if (!head || head.inventory) throw notFound();
  const [row] = await rows<{ via: boolean }>(db, sql`SELECT answer_token_hash = ${hash} AS via FROM pallet_receipts WHERE id = ${head.id}`);
  return { ...head, viaAnswerLink: !!row?.via };
}

/**
 * Whether this link may answer at all (issue 20): the link mailed to the counterparty always; the
 * dock's link (POST PalletReceipts' `qrUrl`, which the writer holds) only when no other party's
 * balance moves.
 */
function linkMayAnswer(row: TokenReceipt): boolean {
  return row.viaAnswerLink || !row.needsConsent;
}

/**
 * GET PalletReceiptPublic: the public summary of the receipt of `token` (ZPalletReceiptPublic),
 * product names in `locale`. No user names, e-mail addresses or ids.
 * @throws NOT_FOUND for a token of no receipt
 */
export async function getPublicReceipt(db: Tx, token: string, locale: Locale): Promise<PalletReceiptPublic> {
  const row = await receiptOfToken(db, token);
  const receipt = await loadPalletReceipt(db, row.id, locale);
  return {
    receiptNumber: receipt.receiptNumber,
    locationName: receipt.location.name,
    counterpartyName: receipt.counterparty?.name ?? null,
    haulier: receipt.haulier,
    carNumber: receipt.carNumber,
    handedOverAt: receipt.handedOverAt,
    status: receipt.status,
    finalReason: receipt.finalReason,
    dueDate: receipt.dueDate,
    lines: receipt.lines.map((l) => ({ productName: l.productName, delivered: l.delivered, returned: l.returned })),
    signed: { from: receipt.signatures.some((s) => s.party === 'from'), to: receipt.signatures.some((s) => s.party === 'to') },
    confirmedAt: receipt.confirmedAt,
    objectedAt: receipt.objectedAt,
    mayAnswer: withinWindow(row) && linkMayAnswer(row),
    answersElsewhere: (row.status === 'open' || row.status === 'approval') && !linkMayAnswer(row),
  };
}

/**
 * POST PalletReceiptAnswer: the counterparty confirms (the receipt becomes final, `confirmed`,
 * and posts, once: `finalizeReceipt`) or objects with a reason (disputed; posts nothing; the
 * location's users and the provider's global admins are alerted: `objectReceipt`), in one
 * transaction with the receipt's row locked, so of two answers at once the second finds it
 * answered.
 * Errors: NOT_FOUND for a token of no receipt; PALLET_RECEIPT 403 for the dock's link of a receipt
 * only its counterparty answers (`dockLink`); PALLET_RECEIPT 409 unless open, told and within its
 * due date; CONFLICT when another answer came first.
 */
export async function answerPalletReceipt(db: Db, request: PalletReceiptAnswerRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await receiptOfToken(tx, request.token, true);
    if (!linkMayAnswer(row)) throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.dockLink' }, {}, 403);
    requireWindow(row);
    if (request.confirm) {
      if (!(await finalizeReceipt(tx, row.id, 'confirmed', { confirmedByName: request.name }))) throw new AppError(AppErrorCode.CONFLICT);
      return;
    }
    await objectReceipt(tx, row.id, request.name, request.objection ?? '');
  });
}
