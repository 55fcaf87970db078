/**
 * The QR link of a receipt (issue 11; docs/pallet-receipts.md, "The QR link"): a random token of
 * 32 bytes (base64url) that only the answer of POST PalletReceipts and the counterparty's mail
 * carry; the database keeps its SHA-256 (hex, `qr_token_hash`), so a copy of the database opens
 * no receipt.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new token and its hash. */
export function newQrToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashQrToken(token) };
}

/** SHA-256 (hex) of a token: what `pallet_receipts.qr_token_hash` holds. */
export function hashQrToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The QR link: `<publicUrl>/receipt/<token>`. */
export function qrLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/receipt/${token}`;
}

/** The portal's page of a receipt: `<publicUrl>/app/pallet-receipts/<id>`. */
export function portalLink(publicUrl: string, id: number): string {
  return `${publicUrl.replace(/\/$/, '')}/app/pallet-receipts/${id}`;
}
