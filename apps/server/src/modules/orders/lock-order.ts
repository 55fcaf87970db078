/**
 * The order row a status step works on, locked for the change (`SELECT ... FOR UPDATE`), so of
 * two users changing one order at once one wins and the other waits, then sees what the first
 * wrote (set-order-status.ts, arrive-order.ts).
 */
import { AppErrorCode, type TransactionStatusId } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { scopeLocationIds } from '../session/scope.js';
import { visibleTo } from './find-orders.js';
import type { PostingOrder } from './ledger.js';

/** The locked order with its two ends' location facts (the ledger posting's too). */
export interface LockedOrder extends PostingOrder {
  status: TransactionStatusId;
  type: number;
  version: number;
  /** The send date, yyyy-MM-dd. */
  dateSend: string;
  /** The sending location's country (its open days). */
  fromCountry: string;
  toSortingDepot: boolean | null;
  toAutoCommit: boolean | null;
  /** The order's own auto commit. */
  autoCommit: boolean;
}

/**
 * Locks order `id` for the rest of the transaction and answers it with the caller's scope
 * (null: all locations). Errors: NOT_FOUND when it does not exist or the caller may not see
 * it; CONFLICT when `version` is given and is not the order's.
 */
export async function lockVisibleOrder(
  tx: Tx,
  auth: AuthContext,
  id: number,
  version: number | undefined,
): Promise<{ order: LockedOrder; scope: number[] | null }> {
  const [found] = await rows<LockedOrder>(
    tx,
    sql`SELECT o.id, o.transaction_status_id AS status, o.transaction_type_id AS type, o.location_id_from AS "fromId",
          o.location_id_to AS "toId", o.version, o.date_send AS "dateSend", o.auto_commit AS "autoCommit",
          lf.is_pooling AS "fromPooling", lf.type_id AS "fromType", lf.country_id AS "fromCountry",
          lt.is_pooling AS "toPooling", lt.type_id AS "toType", lt.is_sorting_depot AS "toSortingDepot", lt.auto_commit AS "toAutoCommit"
        FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
        WHERE o.id = ${id} FOR UPDATE OF o`,
  );
  const scope = await scopeLocationIds(tx, auth);
  if (!found || !visibleTo(scope, found.type, found.status, found.fromId, found.toId)) throw notFound();
  if (version !== undefined && version !== found.version) throw new AppError(AppErrorCode.CONFLICT);
  return { order: { ...found, id: Number(found.id) }, scope };
}
