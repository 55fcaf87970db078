/**
 * DELETE ScheduledOrders/{id}: stops a schedule. It is kept (inactive) because its orders
 * point at it; its orders still at 1 Ordered dated today or later are cancelled, confirmed
 * ones stay (docs/domain.md "Scheduled orders").
 */
import { areaByTransactionType } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { todayUtc } from './materialize-due-orders.js';
import { ownSide, releaseOpenOrders } from './save-scheduled-order.js';

/**
 * Deactivates a schedule and cancels its open future orders, in one transaction.
 * @throws NOT_FOUND outside scope (the customer side must be in scope); FORBIDDEN when the
 *   acting location's menu does not offer the kind (spec section 6)
 */
export async function deleteScheduledOrder(db: Db, auth: AuthContext, id: number, today = todayUtc()): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await rows<{ type: number; fromId: number; toId: number }>(
      tx,
      sql`SELECT transaction_type_id AS type, location_id_from AS "fromId", location_id_to AS "toId"
          FROM scheduled_orders WHERE id = ${id} FOR UPDATE`,
    );
    if (!current || !inScope(await scopeLocationIds(tx, auth), ownSide(current.type, current.fromId, current.toId))) throw notFound();
    await requireArea(tx, auth, areaByTransactionType[current.type as 1 | 2]);
    await tx.execute(sql`UPDATE scheduled_orders SET active = false, next_date = NULL WHERE id = ${id}`);
    await releaseOpenOrders(tx, auth, id, today, translator(auth.language)('scheduled.deleted'));
  });
}
