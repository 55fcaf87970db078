import type { Task, TransactionStatusId } from './enums.js';
import { areaByTransactionType, type MenuItemKey } from './menu.js';

/**
 * Who makes a status change: S sender side, R receiver side, P provider staff, SYS the system.
 * Source: domain.md, "Order status machine".
 */
export type StatusActor = 'S' | 'R' | 'P' | 'SYS';

interface Transition {
  from: readonly TransactionStatusId[];
  to: TransactionStatusId;
  by: readonly StatusActor[];
}

/** Every allowed transition (domain.md, "Order status machine"); any other is refused. */
export const statusTransitions: readonly Transition[] = [
  { from: [0], to: 1, by: ['S'] },
  { from: [0], to: 4, by: ['S'] },
  { from: [1], to: 2, by: ['P'] },
  { from: [1], to: 7, by: ['S', 'P'] },
  { from: [1, 2], to: 8, by: ['P'] },
  { from: [2], to: 3, by: ['P'] },
  { from: [2], to: 7, by: ['P'] },
  { from: [3], to: 4, by: ['S', 'P'] },
  { from: [4], to: 11, by: ['SYS'] },
  { from: [4], to: 5, by: ['R', 'SYS'] },
  { from: [4], to: 9, by: ['SYS'] },
  { from: [11], to: 5, by: ['R', 'SYS'] },
  { from: [4, 11], to: 6, by: ['R'] },
  { from: [9], to: 10, by: ['P'] },
  { from: [10], to: 12, by: ['P'] },
  { from: [12], to: 13, by: ['P'] },
  { from: [12], to: 14, by: ['P'] },
  { from: [13], to: 5, by: ['S', 'SYS'] },
  { from: [14], to: 5, by: ['S'] },
  { from: [14], to: 6, by: ['S'] },
  { from: [6], to: 5, by: ['P'] },
  { from: [6], to: 8, by: ['P'] },
];

/** Final statuses: nothing moves on from them (domain.md). */
export const finalStatuses: readonly TransactionStatusId[] = [5, 7, 8];

/**
 * Whether `actors` (every role the caller holds on this order) may move an order from
 * `from` to `to`. Provider staff also act for the system where the table allows SYS.
 * @returns `null` when allowed, otherwise the reason: `transition` (the machine has no such
 * step) or `role` (the step exists but not for this caller).
 */
export function checkTransition(
  from: TransactionStatusId,
  to: TransactionStatusId,
  actors: readonly StatusActor[],
): null | 'transition' | 'role' {
  const steps = statusTransitions.filter((t) => t.to === to && t.from.includes(from));
  if (steps.length === 0) return 'transition';
  return steps.some((t) => t.by.some((a) => actors.includes(a))) ? null : 'role';
}

/** Where an order starts when created (domain.md): a draft stays 0; a delivery is registered as sent (4); a purchase or sale is ordered (1). */
export function initialStatus(transactionTypeId: number, draft: boolean): TransactionStatusId {
  if (draft) return 0;
  return transactionTypeId === 3 ? 4 : 1;
}

/**
 * The balance kind an order posts to (domain.md, "Balances"): pooling when both ends take part
 * in the pool (a pooling location or a provider depot), otherwise commission. Both ends post
 * the same kind, so each kind's entries of one order sum to zero. An external receiver (`to`
 * null) has no ledger: the carriers leave the pool at the sender and are settled in money, so
 * the sender posts commission (docs/domain.md, "Balances").
 */
export function balanceKindFor(
  from: { isPooling: boolean; typeId: string },
  to: { isPooling: boolean; typeId: string } | null,
): 'pooling' | 'commission' {
  const pools = (l: { isPooling: boolean; typeId: string }) => l.isPooling || l.typeId === 'NLP';
  return to !== null && pools(from) && pools(to) ? 'pooling' : 'commission';
}

/**
 * Where a sent order (4) goes when it arrives (SYS, registered by provider staff; docs/domain.md,
 * "Arrival"): 9 WaitForSort when a sale or a return (any order that is not a purchase) arrives
 * at a sorting depot; 11 WaitForConfirmation when the receiver is a registered customer
 * location (not a depot) without auto commit; otherwise 5 Received (external receivers,
 * auto-committing receivers, depots that do not sort).
 */
export function arrivalStatus(order: {
  transactionTypeId: number;
  /** The receiving location, or null for an external receiver. */
  to: { typeId: string; isSortingDepot: boolean; autoCommit: boolean } | null;
  /** The order's own auto-commit flag. */
  autoCommit: boolean;
}): 5 | 9 | 11 {
  const to = order.to;
  if (!to) return 5;
  if (to.typeId === 'NLP') return to.isSortingDepot && order.transactionTypeId !== 1 ? 9 : 5;
  return to.autoCommit || order.autoCommit ? 5 : 11;
}

/** The task permission behind each kind of order (spec section 6): purchase ORDER, sale DISPATCH, delivery SHIPMENT. */
export const taskByTransactionType: Record<1 | 2 | 3, Task> = { 1: 'ORDER', 2: 'DISPATCH', 3: 'SHIPMENT' };

/**
 * The menu area behind a status step (spec section 6, "Menu"): the receiver's steps (4 or 11
 * to 5 or 6) are Reception's; every other step belongs to the area that places the order's
 * kind (purchase Orders/Buy, sale Dispatch/Sell, delivery Delivery). The server checks it for
 * customer users as the web offers the step; provider staff's steps are the provider's own
 * work and pass (docs/domain.md, "Menu rules on the server").
 */
export function areaForStep(transactionTypeId: number, from: TransactionStatusId, to: TransactionStatusId): MenuItemKey {
  if ((from === 4 || from === 11) && (to === 5 || to === 6)) return 'reception';
  return areaByTransactionType[transactionTypeId as 1 | 2 | 3] ?? 'orders';
}

/**
 * Whether a step the caller's roles may not make from the order's current status was open to
 * them from a status the order has been in before (`earlier`, from its history): then the
 * caller acted on the order as it was and lost a race (or saw an old page), which answers 409,
 * not 403 (docs/domain.md, "Concurrency"). `actorsAt` gives the caller's roles for a step from
 * a status (the ordering side acts as S only for the ordering steps).
 */
export function wasOpenBefore(
  earlier: readonly TransactionStatusId[],
  to: TransactionStatusId,
  actorsAt: (from: TransactionStatusId) => readonly StatusActor[],
): boolean {
  return earlier.some((from) => from !== to && checkTransition(from, to, actorsAt(from)) === null);
}

/**
 * Which quantities a step carries in its `lines` (docs/domain.md, "Status steps and their data"):
 * `picked` 2 -> 3; `received` 4/11 -> 5 (must equal the sent ones); `disagreed` 4/11 -> 6;
 * `resolved` 6 -> 5; `sorted` 10 -> 12; null: the step takes no lines.
 */
export function stepLines(
  from: TransactionStatusId,
  to: TransactionStatusId,
): 'picked' | 'received' | 'disagreed' | 'resolved' | 'sorted' | null {
  if (from === 2 && to === 3) return 'picked';
  if ((from === 4 || from === 11) && to === 5) return 'received';
  if ((from === 4 || from === 11) && to === 6) return 'disagreed';
  if (from === 6 && to === 5) return 'resolved';
  if (from === 10 && to === 12) return 'sorted';
  return null;
}

/** Steps that need a comment: every disagreement (to 6) says why. */
export function stepNeedsComment(_from: TransactionStatusId, to: TransactionStatusId): boolean {
  return to === 6;
}

/**
 * Whether a sorted result has a shortage: fewer carriers sorted in all than were sent. A
 * sorted result without one goes 12 -> 13, one with a shortage 12 -> 14.
 */
export function hasShortage(sentTotal: number, sortedTotal: number): boolean {
  return sortedTotal < sentTotal;
}

/**
 * The side that places an order: the receiving customer for a purchase (it orders carriers
 * from a depot), the sender for a sale or a delivery. That side owns the order while it is a
 * draft (nobody else sees it) and acts as S for the ordering steps: sending a draft, discarding
 * it, and cancelling while still Ordered (docs/domain.md, "Who places an order").
 */
export function orderingSide(transactionTypeId: number): 'from' | 'to' {
  return transactionTypeId === 1 ? 'to' : 'from';
}

/** The steps the ordering side makes as S (domain.md table: 0 -> 1, 0 -> 4, 1 -> 7). */
export function isOrderingStep(from: TransactionStatusId, to: TransactionStatusId): boolean {
  return (from === 0 && (to === 1 || to === 4)) || (from === 1 && to === 7);
}
