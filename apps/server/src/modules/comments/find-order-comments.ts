/** GET OrderComments: the comments of an order, oldest first, for its parties only. */
import type { OrderComment } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { orderForParty } from './order-party.js';

/**
 * @throws NOT_FOUND when the order is missing or the caller is not one of its parties
 */
export async function findOrderComments(db: Tx, auth: AuthContext, orderId: number): Promise<OrderComment[]> {
  await orderForParty(db, auth, orderId);
  const list = await rows<Omit<OrderComment, 'createdAt'> & { createdAt: Date | string }>(
    db,
    sql`SELECT c.id, c.order_id AS "orderId", c.user_id AS "userId", u.name AS "userName", c.text, c.created_at AS "createdAt"
        FROM order_comments c JOIN users u ON u.id = c.user_id WHERE c.order_id = ${orderId} ORDER BY c.created_at, c.id`,
  );
  return list.map((c) => ({ ...c, id: Number(c.id), orderId: Number(c.orderId), createdAt: isoInstant(c.createdAt) ?? '' }));
}
