/**
 * POST PalletReceiptSignature (issue 11 and 20; docs/pallet-receipts.md, "Signatures"): one side
 * signs on the device at the dock; the signatures record the handover. With both, a receipt that
 * moves no other party's balance is final and posts; one that does waits for its counterparty.
 */
import { AppErrorCode, type PalletReceiptSignatureRequest } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { visibleReceipt } from './access.js';
import { finalizeReceipt } from './finalize-receipt.js';

/** The 8 bytes every PNG file starts with (PNG specification, 5.2). */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The PNG bytes of a `data:image/png;base64,...` URL when they really are a PNG: the signature
 * bytes, then an IHDR chunk (PNG specification, 5.2 and 11.2.2); else null.
 */
export function pngBytes(dataUrl: string): Buffer | null {
  const comma = dataUrl.indexOf(',');
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  if (bytes.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return bytes;
}

/**
 * Stores the signature of `request.party` on receipt `request.id` by the acting user, in one
 * transaction with the receipt's row locked: a party signs once, while the receipt is open or
 * waits for approval. When both have signed an open receipt that needs no consent (an external
 * counterparty, or a location of the writer's own customer in the writer's scope: no other party's
 * balance moves; issue 20), it becomes final (`final_reason` signatures) and posts
 * (`finalizeReceipt`) in that transaction; any other waits for its counterparty or its approval.
 * Errors: FORBIDDEN without the dock's rights; NOT_FOUND outside the caller's scope; VALIDATION on
 * `image` when the bytes are not a PNG; CONFLICT (409) when the party has signed already;
 * PALLET_RECEIPT (409) when the receipt is final or void.
 */
export async function signPalletReceipt(db: Db, auth: AuthContext, request: PalletReceiptSignatureRequest): Promise<void> {
  const image = pngBytes(request.image);
  if (!image) throw new AppError(AppErrorCode.VALIDATION, {}, { image: 'validation.signatureImage' });
  await db.transaction(async (tx) => {
    const receipt = await visibleReceipt(tx, auth, request.id, true);
    if (receipt.status !== 'open' && receipt.status !== 'approval')
      throw new AppError(AppErrorCode.PALLET_RECEIPT, { reasonKey: 'palletReceipts.reasons.notOpen' });
    const inserted = await rows<{ party: string }>(
      tx,
      sql`INSERT INTO pallet_receipt_signatures (receipt_id, party, name, image, signed_at, user_id)
          VALUES (${receipt.id}, ${request.party}, ${request.name}, ${image}, clock_timestamp(), ${auth.user.id})
          ON CONFLICT (receipt_id, party) DO NOTHING RETURNING party`,
    );
    if (inserted.length === 0) throw new AppError(AppErrorCode.CONFLICT);
    const [count] = await rows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM pallet_receipt_signatures WHERE receipt_id = ${receipt.id}`,
    );
    if (Number(count?.n) >= 2 && receipt.status === 'open' && !receipt.needsConsent) await finalizeReceipt(tx, receipt.id, 'signatures');
  });
}
