/**
 * Access to an order's comments and attachments: only its parties (domain.md "Who sees
 * what": an order is visible when its from- or to-location is in scope; a draft only to the
 * side that places it). Anything else answers 404, like a missing order.
 */
import { orderAreas } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { visibleTo } from '../orders/find-orders.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';

export interface OrderParties {
  id: number;
  transactionTypeId: number;
  transactionStatusId: number;
  locationIdFrom: number;
  locationIdTo: number | null;
}

/**
 * The order when the caller is one of its parties. `lock` takes the order row for the
 * transaction (FOR UPDATE), so counters kept on it stay in step.
 * @throws FORBIDDEN when the acting location's menu has no order list (spec section 6);
 *   NOT_FOUND when missing or not visible to the caller
 */
export async function orderForParty(tx: Tx, auth: AuthContext, orderId: number, lock = false): Promise<OrderParties> {
  // Comments, attachments and signatures sit on an order's page, behind the order lists of the menu.
  await requireArea(tx, auth, orderAreas);
  const [order] = await rows<OrderParties>(
    tx,
    sql`SELECT id, transaction_type_id AS "transactionTypeId", transaction_status_id AS "transactionStatusId",
          location_id_from AS "locationIdFrom", location_id_to AS "locationIdTo"
        FROM orders WHERE id = ${orderId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  const scope = await scopeLocationIds(tx, auth);
  if (!order || !visibleTo(scope, order.transactionTypeId, order.transactionStatusId, order.locationIdFrom, order.locationIdTo))
    throw notFound();
  return { ...order, id: Number(order.id) };
}
