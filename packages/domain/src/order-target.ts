import { type TransactionStatusId, type TransactionTypeId, transactionTypeCodes } from './enums.js';

/** Statuses at which the order target helper sends to reception or expedition (spec section 2). */
const handlingStatuses: readonly number[] = [2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14];

/**
 * The route (under /app) that shows an order, for links from alerts and lists
 * (spec section 2, "A helper picks the target of an order"):
 * statuses 2, 3, 4 and 6-14 go to reception when the receiving location is the current one,
 * otherwise to expedition; other statuses go by type: TO (purchase) to orders, HE (pickup /
 * sale) to dispatch, anything else to delivery. The order id is the route parameter.
 */
export function orderTargetRoute(
  order: { id: number; transactionStatusId: TransactionStatusId; transactionTypeId: TransactionTypeId; locationIdTo: number },
  currentLocationId: number | null,
): string {
  if (handlingStatuses.includes(order.transactionStatusId)) {
    return order.locationIdTo === currentLocationId ? `reception/${order.id}` : `expedition/${order.id}`;
  }
  const code = transactionTypeCodes[order.transactionTypeId];
  if (code === 'TO') return `orders/${order.id}`;
  if (code === 'HE') return `dispatch/${order.id}`;
  return `delivery/${order.id}`;
}
