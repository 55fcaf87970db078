/**
 * POST OrderArrival: provider staff register that a sent order arrived (docs/domain.md,
 * "Arrival (4 -> 5, 9 or 11)").
 */
import { AppErrorCode, arrivalStatus, checkTransition, type TransactionStatusId } from '@portal/domain';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { applyStep } from './apply-status-step.js';
import { lockVisibleOrder } from './lock-order.js';

/**
 * Registers that a sent order (4) arrived (provider staff acting as SYS): the server picks
 * 9 WaitForSort, 11 WaitForConfirmation or 5 Received by `arrivalStatus` (status-machine.ts);
 * at 5 it posts the sent quantities. Errors: FORBIDDEN for anyone but provider staff,
 * NOT_FOUND outside scope, CONFLICT for a stale version, ORDER_STATUS 409 unless the order is 4.
 * @returns the status the order reached
 */
export async function arriveOrder(db: Db, auth: AuthContext, input: { id: number; version?: number }): Promise<TransactionStatusId> {
  if (!auth.isProvider) throw forbidden();
  return db.transaction(async (tx) => {
    const { order, scope } = await lockVisibleOrder(tx, auth, input.id, input.version);
    if (order.status !== 4)
      throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: order.status, reasonKey: 'statusReasons.notSent' });
    const to = arrivalStatus({
      transactionTypeId: order.type,
      to:
        order.toId === null
          ? null
          : { typeId: order.toType ?? '', isSortingDepot: !!order.toSortingDepot, autoCommit: !!order.toAutoCommit },
      autoCommit: order.autoCommit,
    });
    if (checkTransition(4, to, ['SYS']) !== null)
      throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: 4, toStatusId: to, reasonKey: 'statusReasons.transition' });
    await applyStep(tx, auth, scope, order, to, { id: order.id, transactionStatusId: to });
    return to;
  });
}
