/**
 * POST OrderStatus: moves an order along the status machine of domain.md. The order row is
 * locked for the change, so of two users changing one order at once one wins and the other
 * gets CONFLICT (409) when it sent the version it saw, or a refusal when the step no longer
 * applies. Reaching 5 posts the final quantities to the ledger at both ends and updates the
 * running balances in the same transaction (domain.md, "Balances").
 * Errors: NOT_FOUND outside scope; ORDER_STATUS 409 for a step the machine does not have,
 * 403 for a step the caller's role may not make; CONFLICT for a stale version.
 */
import {
  AppErrorCode,
  balanceKindFor,
  checkTransition,
  hasTask,
  isOrderingStep,
  orderingSide,
  type SetOrderStatusRequest,
  type StatusActor,
  type Task,
  type TransactionStatusId,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';
import { recordStatusChange } from './order-events.js';
import { otherSide } from './save-order.js';

const taskByType: Record<number, Task> = { 1: 'ORDER', 2: 'DISPATCH', 3: 'SHIPMENT' };

interface LockedOrder {
  id: number;
  status: TransactionStatusId;
  type: number;
  fromId: number;
  toId: number | null;
  version: number;
  fromPooling: boolean;
  fromType: string;
  toPooling: boolean | null;
  toType: string | null;
}

export async function setOrderStatus(db: Db, auth: AuthContext, input: SetOrderStatusRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await rows<LockedOrder>(
      tx,
      sql`SELECT o.id, o.transaction_status_id AS status, o.transaction_type_id AS type, o.location_id_from AS "fromId",
            o.location_id_to AS "toId", o.version, lf.is_pooling AS "fromPooling", lf.type_id AS "fromType",
            lt.is_pooling AS "toPooling", lt.type_id AS "toType"
          FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
          WHERE o.id = ${input.id} FOR UPDATE OF o`,
    );
    const scope = await scopeLocationIds(tx, auth);
    if (!order || !visibleTo(scope, order.type, order.status, order.fromId, order.toId)) throw notFound();
    if (input.version !== undefined && input.version !== order.version) throw new AppError(AppErrorCode.CONFLICT);

    const to = input.transactionStatusId as TransactionStatusId;
    const orderingLocation = orderingSide(order.type) === 'to' ? order.toId : order.fromId;
    const actors: StatusActor[] = [];
    if (scope !== null) {
      // For a purchase the ordering customer sits at the to-location but sends and cancels as S.
      if (inScope(scope, isOrderingStep(order.status, to) ? orderingLocation : order.fromId)) actors.push('S');
      if (inScope(scope, order.toId)) actors.push('R');
    }
    if (auth.isProvider) actors.push('P');
    if (auth.isProvider && scope === null) actors.push('S', 'R');
    const refusal = checkTransition(order.status, to, actors);
    const params = { fromStatusId: order.status, toStatusId: to, reasonKey: `statusReasons.${refusal}` };
    if (refusal === 'transition') throw new AppError(AppErrorCode.ORDER_STATUS, params);
    if (refusal === 'role') throw new AppError(AppErrorCode.ORDER_STATUS, params, {}, 403);
    if (!auth.isProvider && !hasTask(auth.user.tasks, taskByType[order.type] ?? 'ORDER')) throw forbidden();

    await applyLines(tx, order, to, input.lines ?? []);
    await tx.execute(sql`UPDATE orders SET transaction_status_id = ${to}, version = version + 1, updated_at = now()
      ${to === 5 ? sql`, date_receive = COALESCE(date_receive, current_date)` : sql``} WHERE id = ${order.id}`);
    if (to === 5) await postToLedger(tx, order);
    await recordStatusChange(tx, {
      orderId: order.id,
      from: order.status,
      to,
      userId: auth.user.id,
      comment: input.comment ?? null,
      alertLocationId: otherSide(auth, order.fromId, order.toId),
    });
  });
}

/** Stores the quantities that come with a step: picked at 3, delivered at 5 and 6. */
async function applyLines(tx: Tx, order: LockedOrder, to: TransactionStatusId, lines: { productId: number; quantity: number }[]) {
  const column = to === 3 ? sql`quantity_picked` : to === 5 || to === 6 ? sql`quantity_delivered` : null;
  if (!column || lines.length === 0) return;
  for (const line of lines) {
    await tx.execute(sql`UPDATE order_lines SET ${column} = ${line.quantity} WHERE order_id = ${order.id} AND product_id = ${line.productId}`);
  }
}

/**
 * Posts the final quantities (delivered, else picked, else ordered) to the ledger: minus at
 * the from-location, plus at the to-location (an external receiver has no ledger), and keeps
 * the running balances in step in the same transaction.
 */
async function postToLedger(tx: Tx, order: LockedOrder) {
  const kind = balanceKindFor(
    { isPooling: order.fromPooling, typeId: order.fromType },
    order.toType === null ? null : { isPooling: !!order.toPooling, typeId: order.toType },
  );
  const sides = order.toId === null ? sql`(VALUES (${order.fromId}::int, -1))` : sql`(VALUES (${order.fromId}::int, -1), (${order.toId}::int, 1))`;
  await tx.execute(sql`INSERT INTO ledger_entries (order_id, product_id, location_id, balance_kind, quantity, source, booking_date)
    SELECT ${order.id}, ol.product_id, s.location_id, ${kind},
      s.sign * COALESCE(ol.quantity_delivered, ol.quantity_picked, ol.quantity_ordered), 'order', current_date
    FROM order_lines ol CROSS JOIN ${sides} AS s(location_id, sign) WHERE ol.order_id = ${order.id}`);
  await tx.execute(sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity)
    SELECT location_id, product_id, balance_kind, sum(quantity) FROM ledger_entries WHERE order_id = ${order.id}
    GROUP BY location_id, product_id, balance_kind
    ON CONFLICT (location_id, product_id, balance_kind)
    DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = now()`);
}
