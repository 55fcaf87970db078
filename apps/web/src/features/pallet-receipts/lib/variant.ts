/**
 * The two variants of the pallet-receipt screens (spec section 2): `/app/pallet-receipts` (a
 * handover at the dock) and `/app/pallet-receipts-inv` (a count at the dock, handed to the count
 * audit). Both have the new-receipt page, `log` and `{id}`.
 */
import { useLocation } from 'react-router';

/** A variant's path under /app (no slashes) and whether it is the count. */
export interface ReceiptVariant {
  inventory: boolean;
  base: 'pallet-receipts' | 'pallet-receipts-inv';
}

export const handoverVariant: ReceiptVariant = { inventory: false, base: 'pallet-receipts' };
export const inventoryVariant: ReceiptVariant = { inventory: true, base: 'pallet-receipts-inv' };

/** The variant of a path under /app (`/app/pallet-receipts-inv/log` is the count's). */
export function variantOfPath(pathname: string): ReceiptVariant {
  return /^\/app\/pallet-receipts-inv(?:\/|$)/.test(pathname) ? inventoryVariant : handoverVariant;
}

/** The variant of the current page. */
export function useReceiptVariant(): ReceiptVariant {
  return variantOfPath(useLocation().pathname);
}

/** The variant a receipt belongs to. */
export function variantOf(receipt: { inventory: boolean }): ReceiptVariant {
  return receipt.inventory ? inventoryVariant : handoverVariant;
}
