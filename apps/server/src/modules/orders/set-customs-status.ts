/**
 * POST OrderCustoms: the customs status of a cross-border order (spec section 4: empty red,
 * pending orange, done green; the handler kgh, self or required clears it). docs/domain.md,
 * "Customs status".
 * - Who: the sender side (the order's from-location in the caller's scope, where the acting
 *   location's menu offers the order's kind) or provider staff. A receiver who sees the order gets FORBIDDEN; anyone
 *   who does not see it NOT_FOUND.
 * - When: while the order is not final (5, 7, 8), a draft included (the sender answers the
 *   customs question before sending), and only on an order with a customs handler other than
 *   none; otherwise CUSTOMS_STATUS (409) with the reason.
 * - The order row is locked; a stale `version` answers CONFLICT. A change bumps the version
 *   and writes a history row (the status stays; the comment names the new customs status in
 *   the caller's language). Setting the status the order already has changes nothing.
 */
import {
  AppErrorCode,
  areaByTransactionType,
  finalStatuses,
  type Locale,
  type SetCustomsStatusRequest,
  type TransactionStatusId,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';

/** Sets (or with null clears) an order's customs status; see the file comment for the rules. */
export async function setCustomsStatus(db: Db, auth: AuthContext, input: SetCustomsStatusRequest, locale: Locale): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await rows<{
      status: TransactionStatusId;
      type: 1 | 2 | 3;
      fromId: number;
      toId: number | null;
      version: number;
      handler: string | null;
      customs: string | null;
    }>(
      tx,
      sql`SELECT transaction_status_id AS status, transaction_type_id AS type, location_id_from AS "fromId", location_id_to AS "toId",
            version, customs_handler AS handler, NULLIF(customs_status, '') AS customs
          FROM orders WHERE id = ${input.id} FOR UPDATE`,
    );
    const scope = await scopeLocationIds(tx, auth);
    if (!order || !visibleTo(scope, order.type, order.status, order.fromId, order.toId)) throw notFound();
    if (input.version !== undefined && input.version !== order.version) throw new AppError(AppErrorCode.CONFLICT);
    if (!auth.isProvider) {
      if (!inScope(scope, order.fromId)) throw forbidden();
      // The menu area of the order's kind (spec section 6; session/menu-access.ts).
      await requireArea(tx, auth, areaByTransactionType[order.type]);
    }
    if (finalStatuses.includes(order.status)) {
      throw new AppError(AppErrorCode.CUSTOMS_STATUS, { fromStatusId: order.status, reasonKey: 'customsReasons.final' });
    }
    if (!order.handler || order.handler === 'none')
      throw new AppError(AppErrorCode.CUSTOMS_STATUS, { reasonKey: 'customsReasons.noCustoms' });
    if (order.customs === input.customsStatus) return;

    const t = translator(locale);
    const comment = t('customs.history', { status: t(`customs.status.${input.customsStatus ?? 'empty'}`) });
    await tx.execute(
      sql`UPDATE orders SET customs_status = ${input.customsStatus}, version = version + 1, updated_at = now() WHERE id = ${input.id}`,
    );
    // The time of the change, not of the transaction's start (order-events.ts).
    await tx.execute(sql`INSERT INTO order_status_history (order_id, from_status_id, to_status_id, user_id, comment, at)
      VALUES (${input.id}, ${order.status}, ${order.status}, ${auth.user.id}, ${comment}, clock_timestamp())`);
  });
}
