/**
 * POST ContainerOrderStatus (Container > Orders; issue 11; docs/container-orders.md, "Status"):
 * provider staff confirm and deliver an order; the ordering side or provider staff cancel an
 * Open one, provider staff also a Confirmed one (with a comment). Delivering registers the
 * rental the provider then opens by assigning containers.
 */
import {
  AppErrorCode,
  type ContainerOrderStatusRequest,
  type Country,
  checkContainerOrderStep,
  containerOrderStepNeedsComment,
  todayIn,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { containerOrderActor, type VisibleContainerOrder, visibleContainerOrder } from './container-order-access.js';
import { alertContainerOrderEvent } from './container-order-alert.js';

/**
 * Registers the rental of a delivered order (issue 11: "Delivered registers the rental the
 * provider then opens by assigning containers"): the order's location, product and quantity,
 * status Registered, from the wanted day (today in the location's country when none), registered
 * by the orderer, with the comment "Container order <id>" (the rentals' screens show it).
 * @returns the rental's id
 */
async function registerRental(tx: Tx, order: VisibleContainerOrder, actorId: number): Promise<number> {
  const startDate = order.wantedDate ?? todayIn(order.countryId as Country);
  const [rental] = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO rentals (location_id, product_id, quantity, status, start_date, comment, registered_by_user_id, created_at)
        VALUES (${order.locationId}, ${order.productId}, ${order.quantity}, 'Registered', ${startDate}::date,
          ${`Container order ${order.id}`}, ${order.orderedByUserId ?? actorId}, clock_timestamp())
        RETURNING id`,
  );
  return Number(rental?.id);
}

/**
 * Makes a step of an order in one transaction, its row locked (FOR UPDATE): of two steps at
 * once the second waits, then finds the order moved on and is refused (two deliveries make one
 * rental). Writes the status, a history entry (who, when, from, to, comment) and an alert for the
 * other side; Delivered also inserts the rental and sets the order's `rental_id`.
 * Errors: FORBIDDEN without the Container area, or for a step the caller's side may not make
 * (`status`: only the provider confirms, delivers and cancels a confirmed order); NOT_FOUND
 * outside the caller's scope; CONFLICT (`status`) for a step the order's status no longer allows;
 * VALIDATION (`comment`) for the provider cancelling a confirmed order without a comment.
 */
export async function setContainerOrderStatus(db: Db, auth: AuthContext, request: ContainerOrderStatusRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await visibleContainerOrder(tx, auth, request.id, true);
    const refusal = checkContainerOrderStep(order.status, request.status, containerOrderActor(auth));
    if (refusal === 'transition') {
      throw new AppError(AppErrorCode.CONFLICT, { status: order.status }, { status: `containerOrders.reasons.from${order.status}` });
    }
    if (refusal === 'role') throw new AppError(AppErrorCode.FORBIDDEN, {}, { status: 'containerOrders.reasons.providerOnly' });
    const comment = request.comment || null;
    if (!comment && containerOrderStepNeedsComment(order.status, request.status)) {
      throw new AppError(AppErrorCode.VALIDATION, {}, { comment: 'containerOrders.fields.cancelReason' });
    }
    const rentalId = request.status === 'Delivered' ? await registerRental(tx, order, auth.user.id) : null;
    // The status in the WHERE clause as well: a second guard besides the row lock.
    const updated = await rows<{ id: number }>(
      tx,
      sql`UPDATE container_orders SET status = ${request.status}, updated_at = clock_timestamp(),
            rental_id = COALESCE(${rentalId}::int, rental_id)
          WHERE id = ${order.id} AND status = ${order.status} RETURNING id`,
    );
    if (updated.length !== 1) throw new AppError(AppErrorCode.CONFLICT);
    await tx.execute(sql`INSERT INTO container_order_history (container_order_id, from_status, to_status, user_id, comment, created_at)
      VALUES (${order.id}, ${order.status}, ${request.status}, ${auth.user.id}, ${comment}, clock_timestamp())`);
    await alertContainerOrderEvent(tx, {
      orderId: order.id,
      locationId: order.locationId,
      locationName: order.locationName,
      productId: order.productId,
      quantity: order.quantity,
      wantedDate: order.wantedDate,
      status: request.status,
      comment,
      actorId: auth.user.id,
      byProvider: auth.isProvider,
    });
  });
}
