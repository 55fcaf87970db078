/**
 * The QR link's calls (issue 11; docs/pallet-receipts.md, "The QR link"): anyone holding the link
 * sees the receipt's public summary and may confirm it or object, without an account, while it
 * is open and within its reception days. The token is the only key: a wrong one answers
 * NOT_FOUND as an unknown receipt does, and one receipt's token opens nothing of another.
 */
import {
  AppErrorCode,
  type Country,
  type Locale,
  type PalletReceiptAnswerRequest,
  type PalletReceiptPublic,
  todayIn,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { finalizeReceipt } from './finalize-receipt.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { hashQrToken } from './qr-token.js';
import { notifyObjection } from './receipt-notify.js';

interface TokenRow {
  id: number;
  status: string;
  dueDate: string | null;
  countryId: Country;
  inventory: boolean;
}

/** The receipt of a QR token (its row locked when `lock`), or NOT_FOUND. */
async function receiptOfToken(db: Tx, token: string, lock = false): Promise<TokenRow> {
  const [row] = await rows<TokenRow>(
    db,
    sql`SELECT r.id, r.status, r.due_date::text AS "dueDate", l.country_id AS "countryId", r.inventory
        FROM pallet_receipts r JOIN locations l ON l.id = r.location_id
        WHERE r.qr_token_hash = ${hashQrToken(token)} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  if (!row || row.inventory) throw notFound();
  return { ...row, id: Number(row.id) };
}

/** Whether the counterparty may still answer: open and the due date not passed in the location's country. */
function mayAnswer(row: TokenRow): boolean {
  return row.status === 'open' && row.dueDate !== null && todayIn(row.countryId) <= row.dueDate;
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
    mayAnswer: mayAnswer(row),
  };
}

/**
 * POST PalletReceiptAnswer: the counterparty confirms (the receipt becomes final, `confirmed`,
 * and posts, once: `finalizeReceipt`) or objects with a reason (disputed; posts nothing; the
 * location's users and the provider's global admins are alerted), in one transaction with the
 * receipt's row locked, so of two answers at once the second finds it answered.
 * Errors: NOT_FOUND for a token of no receipt; CONFLICT (409) unless open and within its due date.
 */
export async function answerPalletReceipt(db: Db, request: PalletReceiptAnswerRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await receiptOfToken(tx, request.token, true);
    if (!mayAnswer(row)) throw new AppError(AppErrorCode.CONFLICT);
    if (request.confirm) {
      if (!(await finalizeReceipt(tx, row.id, 'confirmed', { confirmedByName: request.name }))) throw new AppError(AppErrorCode.CONFLICT);
      return;
    }
    const updated = await rows<{ id: number }>(
      tx,
      sql`UPDATE pallet_receipts SET status = 'disputed', objected_at = clock_timestamp(), objection = ${request.objection ?? ''},
            confirmed_by_name = ${request.name}
          WHERE id = ${row.id} AND status = 'open' RETURNING id`,
    );
    if (updated.length === 0) throw new AppError(AppErrorCode.CONFLICT);
    await notifyObjection(tx, row.id);
  });
}
