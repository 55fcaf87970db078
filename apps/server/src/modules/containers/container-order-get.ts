/**
 * GET ContainerOrders/{id} (Container > Orders; docs/container-orders.md): one order with its
 * history and what the caller may do with it now.
 */
import {
  type ContainerOrder,
  type ContainerOrderHistoryEntry,
  type ContainerOrderStatus,
  checkContainerOrderStep,
  containerOrderStepNeedsComment,
  type Locale,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { containerOrderActor, visibleContainerOrder } from './container-order-access.js';
import { type SummaryRow, summaryColumns, summaryJoins, toSummaries } from './container-order-find.js';

/**
 * One order of the caller's scope, its product named in `locale`, its history oldest first.
 * `may`: edit (an Open order, by its ordering side) and each step the status machine lets the
 * caller make now (`checkContainerOrderStep`).
 * Errors: FORBIDDEN without the Container area; NOT_FOUND outside the caller's scope.
 */
export async function getContainerOrder(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<ContainerOrder> {
  const order = await visibleContainerOrder(db, auth, id);
  const [row] = await rows<SummaryRow & { comment: string | null }>(
    db,
    sql`SELECT ${summaryColumns}, o.comment FROM container_orders o ${summaryJoins} WHERE o.id = ${id}`,
  );
  const [summary] = await toSummaries(db, locale, row ? [row] : []);
  const history = await rows<{
    fromStatus: ContainerOrderStatus | null;
    toStatus: ContainerOrderStatus;
    userId: number | null;
    userName: string | null;
    createdAt: Date | string;
    comment: string | null;
  }>(
    db,
    sql`SELECT h.from_status AS "fromStatus", h.to_status AS "toStatus", h.user_id AS "userId", u.name AS "userName",
          h.created_at AS "createdAt", h.comment
        FROM container_order_history h LEFT JOIN users u ON u.id = h.user_id
        WHERE h.container_order_id = ${id} ORDER BY h.created_at, h.id`,
  );
  const actor = containerOrderActor(auth);
  const may = (to: ContainerOrderStatus) => checkContainerOrderStep(order.status, to, actor) === null;
  return {
    ...(summary as NonNullable<typeof summary>),
    comment: row?.comment ?? null,
    countryId: order.countryId,
    history: history.map(
      (h): ContainerOrderHistoryEntry => ({
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        userId: h.userId === null ? null : Number(h.userId),
        userName: h.userName,
        at: isoInstant(h.createdAt) ?? '',
        comment: h.comment,
      }),
    ),
    may: { edit: order.status === 'Open' && actor === 'O', confirm: may('Confirmed'), deliver: may('Delivered'), cancel: may('Cancelled') },
    cancelNeedsComment: containerOrderStepNeedsComment(order.status, 'Cancelled'),
  };
}
