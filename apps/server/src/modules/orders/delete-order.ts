/**
 * DELETE Orders/{id}: discard a draft (domain.md, "0 Draft -> (deleted), S"). Only a draft
 * (status 0), only by the side that places it (`orderingSide`: the receiver of a purchase, the
 * sender of a sale or a delivery; a draft is invisible to anyone else, who gets NOT_FOUND) or
 * provider staff; a customer user where the acting location's menu offers the kind (purchase
 * Orders/Buy, sale Dispatch/Sell, delivery Delivery, spec section 6). The order and everything that hangs on
 * it (lines, history, comments, attachments; a draft has no alerts, mails or ledger entries) go in one transaction with the order row locked,
 * so a draft being sent at the same moment is either sent or deleted, never half of each.
 * Errors: NOT_FOUND outside scope; ORDER_STATUS (409) once it is no longer a draft; FORBIDDEN
 * when the menu does not offer the kind.
 */
import { AppErrorCode, areaByTransactionType, orderingSide } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';

/** Deletes a draft and its lines, history, comments and attachments; see the file comment. */
export async function deleteDraft(db: Db, auth: AuthContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await rows<{ status: number; type: 1 | 2 | 3; fromId: number; toId: number | null }>(
      tx,
      sql`SELECT transaction_status_id AS status, transaction_type_id AS type, location_id_from AS "fromId", location_id_to AS "toId"
          FROM orders WHERE id = ${id} FOR UPDATE`,
    );
    const scope = await scopeLocationIds(tx, auth);
    if (!order || !visibleTo(scope, order.type, order.status, order.fromId, order.toId)) throw notFound();
    if (order.status !== 0)
      throw new AppError(AppErrorCode.ORDER_STATUS, { fromStatusId: order.status, reasonKey: 'statusReasons.notDraft' });
    const placedBy = orderingSide(order.type) === 'to' ? order.toId : order.fromId;
    if (!inScope(scope, placedBy) && !auth.isProvider) throw forbidden();
    // The menu area that places the kind (spec section 6; session/menu-access.ts).
    if (!auth.isProvider) await requireArea(tx, auth, areaByTransactionType[order.type]);
    for (const table of ['order_lines', 'order_status_history', 'order_comments', 'attachments']) {
      await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE order_id = ${id}`);
    }
    await tx.execute(sql`DELETE FROM orders WHERE id = ${id}`);
  });
}
