/**
 * The waybill (issue 3: "Sending: waybill data ... and a printable waybill PDF"; spec sections
 * 3 and 5): which orders have one to print, and whose lines must carry a picked quantity on it.
 * The server refuses the others (GET Waybill, 409 WAYBILL); the web offers the button only
 * where the status allows it.
 */
import { type TransactionStatusId, TransactionType } from './enums.js';

/**
 * Statuses in which an order has a waybill: 3 Picked (the load is ready, the waybill travels
 * with it) and every later status but 7 Cancelled and 8 Replaced. Before picking nothing has
 * been loaded; a cancelled or replaced order never travelled (domain.md, status machine).
 */
export const waybillStatuses: readonly TransactionStatusId[] = [3, 4, 5, 6, 9, 10, 11, 12, 13, 14];

/** Whether an order in `transactionStatusId` has a waybill to print. */
export function hasWaybill(transactionStatusId: number): boolean {
  return (waybillStatuses as readonly number[]).includes(transactionStatusId);
}

/**
 * Whether every line of the order must carry a picked quantity on its waybill (spec section 5:
 * "picked quantity missing is an error on the waybill"): purchases and sales, which are picked
 * by the provider (2 -> 3) before they are sent. A delivery has no picking step: its sender
 * registers it as sent (0 -> 4) with the quantities loaded, so a line without a picked
 * quantity travels with its registered (ordered) quantity.
 */
export function waybillNeedsPicked(transactionTypeId: number): boolean {
  return transactionTypeId !== TransactionType.Delivery;
}
