/**
 * What may happen to a pallet receipt now, and who may do it (issue 20; docs/pallet-receipts.md,
 * "Rules"): the windows the use cases check and the `actions` a receipt's answer offers its
 * caller, from one place so that the screen offers exactly what the server accepts.
 */
import {
  addPlainDays,
  type Country,
  PALLET_RECEIPT_DISPUTE_DAYS,
  type PalletReceipt,
  type PalletReceiptActions,
  todayIn,
} from '@portal/domain';
import type { AuthContext } from '../../plugins/auth.js';
import type { CallerSides, ReceiptHead } from './access.js';

/**
 * The counterparty may still answer: open, told (its window started), and today in its
 * country's date not after the due date.
 */
export function withinWindow(head: Pick<ReceiptHead, 'status' | 'toldAt' | 'dueDate' | 'windowCountryId'>, now = new Date()): boolean {
  return head.status === 'open' && head.toldAt !== null && head.dueDate !== null && todayIn(head.windowCountryId, now) <= head.dueDate;
}

/**
 * A final receipt may be disputed through PALLET_RECEIPT_DISPUTE_DAYS days after its booking day
 * (the day it was posted, in the location's country).
 */
export function withinDisputeWindow(postedAt: string | null, locationCountry: Country, now = new Date()): boolean {
  if (postedAt === null) return false;
  return todayIn(locationCountry, now) <= addPlainDays(todayIn(locationCountry, new Date(postedAt)), PALLET_RECEIPT_DISPUTE_DAYS);
}

/**
 * What the caller may do with `receipt` (see ZPalletReceiptActions): sign a missing side while it
 * waits for approval or is open; confirm or object as a user of its portal counterparty within
 * the window; approve, decide an objection, decide a dispute as provider staff; dispute it, final
 * and within the dispute window, as a user of either side while no dispute is open.
 */
export function actionsOf(
  auth: AuthContext,
  sides: CallerSides,
  head: ReceiptHead,
  receipt: Pick<PalletReceipt, 'signatures' | 'disputes' | 'postedAt' | 'inventory'>,
  locationCountry: Country,
): PalletReceiptActions {
  const openDispute = receipt.disputes.some((d) => d.status === 'open');
  return {
    sign: (head.status === 'open' || head.status === 'approval') && receipt.signatures.length < 2,
    confirm: sides.counterparty && withinWindow(head),
    approve: auth.isProvider && head.status === 'approval',
    decide: auth.isProvider && head.status === 'disputed',
    dispute:
      !receipt.inventory &&
      head.status === 'final' &&
      (sides.location || sides.counterparty) &&
      !openDispute &&
      withinDisputeWindow(receipt.postedAt, locationCountry),
    decideDispute: auth.isProvider && openDispute,
  };
}
