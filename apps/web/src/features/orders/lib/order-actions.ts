/**
 * Which steps a user may take on an order (domain.md, "Order status machine"; docs/domain.md,
 * "Who places an order"). The server decides every step; the detail page only hides what cannot
 * apply. The caller's roles on an order:
 * - sender: the order comes from the acting location;
 * - receiver: it goes to the acting location;
 * - ordering side: the side that places it (the receiver of a purchase, the sender of a sale or
 *   delivery): it owns the draft, sends it and may cancel it while Ordered;
 * - provider: provider staff (global admins), who also act for the system and hold every role.
 */
import { finalStatuses, orderingSide, TransactionStatus as S, type TransactionStatusId, TransactionType } from '@portal/domain';

/** The steps of the detail page, in the order their buttons appear. */
export type OrderAction =
  | 'edit'
  | 'send'
  | 'confirm'
  | 'pick'
  | 'ship'
  | 'arrive'
  | 'receive'
  | 'disagree'
  | 'startSorting'
  | 'sort'
  | 'sendSorted'
  | 'accept'
  | 'agree'
  | 'disputeSorted'
  | 'resolve'
  | 'cancel'
  | 'delete';

/** Who looks at the order. */
export interface OrderViewer {
  locationId: number | null;
  isProvider: boolean;
}

/** The parts of an order the rules read. */
export interface OrderFacts {
  transactionTypeId: number;
  transactionStatusId: number;
  locationIdFrom: number;
  locationIdTo: number | null;
}

/** The caller's roles on an order. */
export function rolesOn(order: OrderFacts, viewer: OrderViewer) {
  const sender = viewer.isProvider || (viewer.locationId !== null && order.locationIdFrom === viewer.locationId);
  const receiver = viewer.isProvider || (viewer.locationId !== null && order.locationIdTo === viewer.locationId);
  const ordering = viewer.isProvider || (orderingSide(order.transactionTypeId) === 'to' ? receiver : sender);
  return { sender, receiver, ordering, provider: viewer.isProvider };
}

/** The steps the viewer may take now, in button order. */
export function availableActions(order: OrderFacts, viewer: OrderViewer): OrderAction[] {
  const role = rolesOn(order, viewer);
  const actions: OrderAction[] = [];
  const add = (allowed: boolean, ...list: OrderAction[]) => {
    if (allowed) actions.push(...list);
  };
  switch (order.transactionStatusId) {
    case S.Draft:
      add(role.ordering, 'edit', 'send', 'delete');
      break;
    case S.Ordered:
      add(role.provider, 'confirm');
      add(role.ordering, 'cancel');
      break;
    case S.Confirmed:
      add(role.provider, 'pick', 'cancel');
      break;
    case S.Picked:
      add(role.sender, 'ship');
      break;
    case S.Sent:
      add(role.provider, 'arrive');
      add(role.receiver, 'receive', 'disagree');
      break;
    case S.WaitForConfirmation:
      add(role.receiver, 'receive', 'disagree');
      break;
    case S.WaitForSort:
      add(role.provider, 'startSorting');
      break;
    case S.Treatment:
      add(role.provider, 'sort');
      break;
    case S.ReceivedSort:
      add(role.provider, 'sendSorted');
      break;
    case S.WaitForAccept:
      add(role.sender, 'accept');
      break;
    case S.WaitForAgreement:
      add(role.sender, 'agree', 'disputeSorted');
      break;
    case S.NotAgreed:
      add(role.provider, 'resolve');
      break;
  }
  return actions;
}

/** The quantity each line was sent with: picked, else ordered (docs/domain.md, "receiving"). */
export function sentQuantity(line: { quantityOrdered: number; quantityPicked: number | null }): number {
  return line.quantityPicked ?? line.quantityOrdered;
}

/** The kind of an order for the dialog (1 purchase, 2 sale, 3 delivery). */
export function kindOf(transactionTypeId: number): 'purchase' | 'sale' | 'delivery' {
  if (transactionTypeId === TransactionType.Purchase) return 'purchase';
  if (transactionTypeId === TransactionType.Sale) return 'sale';
  return 'delivery';
}

/** Whether the order crosses a border and someone clears customs (spec section 4, customs handler). */
export function needsCustoms(order: { customsHandler: string | null }): boolean {
  return !!order.customsHandler && order.customsHandler !== 'none';
}

/**
 * Whether the viewer may change the customs status (docs/domain.md, "Customs status"): the
 * sender side or provider staff, on an order with customs clearance that is not final.
 */
export function mayChangeCustoms(order: OrderFacts & { customsHandler: string | null }, viewer: OrderViewer): boolean {
  return needsCustoms(order) && rolesOn(order, viewer).sender && !finalStatuses.includes(order.transactionStatusId as TransactionStatusId);
}
