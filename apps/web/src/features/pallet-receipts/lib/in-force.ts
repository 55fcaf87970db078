/**
 * The carriers of a final receipt in force (issue 20; docs/pallet-receipts.md, "Disputes of a
 * final receipt"): per product the last corrected dispute's quantities, else the receipt's line.
 * A dispute form starts from them, as the server compares with them.
 */
import type { PalletReceipt } from '@portal/domain';

/** One product's carriers in force. */
export interface InForceLine {
  productId: number;
  productName: string;
  delivered: number;
  returned: number;
}

/** The receipt's products with their carriers in force, in the receipt's order, then corrected ones it did not name. */
export function linesInForce(receipt: Pick<PalletReceipt, 'lines' | 'disputes'>): InForceLine[] {
  const lines = new Map<number, InForceLine>(
    receipt.lines.map((l) => [
      l.productId,
      { productId: l.productId, productName: l.productName, delivered: l.delivered, returned: l.returned },
    ]),
  );
  for (const dispute of receipt.disputes)
    if (dispute.status === 'corrected')
      for (const l of dispute.lines)
        lines.set(l.productId, { productId: l.productId, productName: l.productName, delivered: l.delivered, returned: l.returned });
  return [...lines.values()];
}
