/**
 * GET PalletReceipts/{id}/document (issue 11; docs/pallet-receipts.md, "The PDF"): the receipt
 * as a PDF in the caller's language, read as GET PalletReceipts/{id} reads it.
 */
import type { Locale } from '@portal/domain';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { providerName } from '../documents/issuer.js';
import { visibleReceipt } from './access.js';
import { loadPalletReceipt } from './get-pallet-receipt.js';
import { portalLink } from './qr-token.js';
import { renderPalletReceipt } from './render-pallet-receipt.js';

/**
 * The PDF of receipt `id` in `locale`, its QR code linking to the receipt's page in the portal
 * (`publicUrl` the portal's address).
 * Errors: FORBIDDEN without the dock's rights; NOT_FOUND when missing or outside the caller's scope.
 * @returns the PDF's bytes and its file name (`<receipt number>.pdf`)
 */
export async function getReceiptDocument(
  db: Tx,
  auth: AuthContext,
  id: number,
  locale: Locale,
  publicUrl: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  await visibleReceipt(db, auth, id);
  const receipt = await loadPalletReceipt(db, id, locale);
  const pdf = await renderPalletReceipt(receipt, {
    locale,
    issuerName: (await providerName(db)) || null,
    qr: portalLink(publicUrl, receipt.id),
  });
  return { pdf, fileName: `${receipt.receiptNumber}.pdf` };
}
