/**
 * POST PalletReceiptSignature (issue 11; docs/pallet-receipts.md, "Signatures"): one side signs
 * on the device at the dock; with both signatures a receipt is final and posts.
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
 * transaction with the receipt's row locked: a party signs once; when both have signed, the
 * receipt becomes final (`final_reason` signatures) and posts (`finalizeReceipt`) in that
 * transaction.
 * Errors: FORBIDDEN without the dock's rights; NOT_FOUND outside the caller's scope; VALIDATION on
 * `image` when the bytes are not a PNG; CONFLICT (409) when the party has signed already or the
 * receipt is no longer open.
 */
export async function signPalletReceipt(db: Db, auth: AuthContext, request: PalletReceiptSignatureRequest): Promise<void> {
  const image = pngBytes(request.image);
  if (!image) throw new AppError(AppErrorCode.VALIDATION, {}, { image: 'validation.signatureImage' });
  await db.transaction(async (tx) => {
    const receipt = await visibleReceipt(tx, auth, request.id, true);
    if (receipt.status !== 'open') throw new AppError(AppErrorCode.CONFLICT);
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
    if (Number(count?.n) >= 2) await finalizeReceipt(tx, receipt.id, 'signatures');
  });
}
