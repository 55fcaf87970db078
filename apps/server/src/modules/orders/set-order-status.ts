/**
 * POST OrderStatus and sending drafts: moves an order along the status machine of domain.md,
 * with the data each step carries (docs/domain.md, "Status steps and their data"; the step's
 * writes: apply-status-step.ts; POST OrderArrival: arrive-order.ts). The order row is locked
 * for the change (`SELECT ... FOR UPDATE`, lock-order.ts), so of two
 * users changing one order at once one wins; the other gets 409: CONFLICT when it sent the
 * `version` it saw, otherwise ORDER_STATUS ("already ..." or "cannot move to ..."), and
 * nothing of its request is written. Reaching 5 posts the final quantities to the ledger at
 * both ends in the same transaction (ledger.ts).
 * Errors: NOT_FOUND outside scope; CONFLICT for a stale version; ORDER_STATUS 409 for a step
 * the machine does not have (or a sorted result that does not fit 13/14), 403 for a step the
 * caller's role may not make, 400 for a missing picked quantity; FORBIDDEN without the step's
 * task; VALIDATION, QUANTITY_STEP and CLOSED_DAY for the step's data.
 */
import {
  AppErrorCode,
  areaForStep,
  checkTransition,
  initialStatus,
  isOrderingStep,
  orderingSide,
  type SetOrderStatusRequest,
  type StatusActor,
  type TransactionStatusId,
  wasOpenBefore,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope } from '../session/scope.js';
import { applyStep } from './apply-status-step.js';
import { type LockedOrder, lockVisibleOrder } from './lock-order.js';
import type { StepWarning } from './status-step-lines.js';

/**
 * Moves an order to `input.transactionStatusId` with the data of the step.
 * @returns the step's warnings (picking: lines >20% off the ordered quantity, removed 0-lines)
 */
export async function setOrderStatus(db: Db, auth: AuthContext, input: SetOrderStatusRequest): Promise<{ warnings: StepWarning[] }> {
  return db.transaction((tx) => changeStatus(tx, auth, input, () => input.transactionStatusId as TransactionStatusId));
}

/**
 * Sends a draft along its path (purchase or sale to 1, delivery to 4) with the checks of
 * POST OrderStatus, in one transaction; an order that is no longer a draft answers
 * ORDER_STATUS. Used by POST OrdersSend for each id.
 * @returns the status the order reached
 */
export async function sendDraft(db: Db, auth: AuthContext, id: number): Promise<TransactionStatusId> {
  let reached: TransactionStatusId = 1;
  await db.transaction((tx) =>
    changeStatus(tx, auth, { id, transactionStatusId: 1 }, (order) => {
      if (order.status !== 0) throw new AppError(AppErrorCode.ORDER_STATUS, { reasonKey: 'statusReasons.deleted' });
      reached = initialStatus(order.type, false);
      return reached;
    }),
  );
  return reached;
}

/** Locks the order, settles the transition, the caller's role and task, then applies the step. */
async function changeStatus(
  tx: Tx,
  auth: AuthContext,
  input: SetOrderStatusRequest,
  target: (order: LockedOrder) => TransactionStatusId,
): Promise<{ warnings: StepWarning[] }> {
  const { order, scope } = await lockVisibleOrder(tx, auth, input.id, input.version);
  const to = target(order);
  if (order.status === to) {
    throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: order.status, toStatusId: to, reasonKey: 'statusReasons.already' });
  }
  /** The caller's roles for a step from `from` (the ordering side acts as S only for the ordering steps). */
  const actorsAt = (from: TransactionStatusId): StatusActor[] => {
    const actors: StatusActor[] = [];
    if (scope !== null) {
      // For a purchase the ordering customer sits at the to-location but sends and cancels as S.
      const orderingLocation = orderingSide(order.type) === 'to' ? order.toId : order.fromId;
      if (inScope(scope, isOrderingStep(from, to) ? orderingLocation : order.fromId)) actors.push('S');
      if (inScope(scope, order.toId)) actors.push('R');
    }
    if (auth.isProvider) actors.push('P');
    if (auth.isProvider && scope === null) actors.push('S', 'R');
    return actors;
  };
  const refusal = checkTransition(order.status, to, actorsAt(order.status));
  const params = { fromStatusId: order.status, toStatusId: to, reasonKey: `statusReasons.${refusal}` };
  if (refusal === 'transition') throw new AppError(AppErrorCode.ORDER_STATUS, params);
  if (refusal === 'role') {
    // A step the caller could make from a status the order has been in: the order moved on
    // under them (another user won the race, or the page is old), a conflict, not a permission.
    if (wasOpenBefore(await earlierStatuses(tx, order), to, actorsAt))
      throw new AppError(AppErrorCode.ORDER_STATUS, { ...params, reasonKey: 'statusReasons.changed' });
    throw new AppError(AppErrorCode.ORDER_STATUS, params, {}, 403);
  }
  // The menu rules of spec section 6 (session/menu-access.ts): a customer user takes a step only
  // where the menu offers it; provider staff's steps are the provider's own work.
  if (!auth.isProvider) await requireArea(tx, auth, areaForStep(order.type, order.status, to));
  return applyStep(tx, auth, scope, order, to, { ...input, transactionStatusId: to });
}

/** The statuses the order has been in before its current one (its history). */
async function earlierStatuses(tx: Tx, order: LockedOrder): Promise<TransactionStatusId[]> {
  const list = await rows<{ status: TransactionStatusId }>(
    tx,
    sql`SELECT DISTINCT to_status_id AS status FROM order_status_history WHERE order_id = ${order.id} AND to_status_id <> ${order.status}`,
  );
  return list.map((row) => Number(row.status) as TransactionStatusId);
}
