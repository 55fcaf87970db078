/**
 * The system's automatic commit (domain.md, "Order status machine": SYS moves 11 -> 5 after
 * the receiver's reception days and 13 -> 5 after the sender's return days). An order waiting
 * for confirmation (11) or for acceptance of a sorted result (13) longer than the location
 * allows is committed with the quantities as they stand: the sent ones at 11, the sorted
 * ones at 13. Days are calendar days counted from the day the order reached its status; the
 * order's own reception/return days win over its location's (docs/domain.md, "Auto commit").
 * Each order is committed in its own transaction with a row lock taken with SKIP LOCKED, so
 * several server processes may run the job at once and a user confirming the same order at
 * the same moment either wins or finds it committed.
 */
import { sql } from 'drizzle-orm';
import { type Db, rows, utcTodaySql } from '../../db/client.js';
import { finalQuantitySql, type PostingOrder, postToLedger } from './ledger.js';
import { recordStatusChange } from './order-events.js';

/** Result of one run: how many orders were committed from each status. */
export interface AutoCommitResult {
  fromWaitForConfirmation: number;
  fromWaitForAccept: number;
}

interface DueRow extends PostingOrder {
  status: 11 | 13;
}

/**
 * Commits every order in 11 or 13 whose days ran out by `today` (yyyy-MM-dd, UTC).
 * @returns the counts committed; an order another process holds is left for the next run
 */
export async function autoCommitDue(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<AutoCommitResult> {
  const due = await rows<{ id: number }>(
    db,
    sql`SELECT o.id FROM orders o
          JOIN LATERAL (SELECT max(h.at) AS at FROM order_status_history h WHERE h.order_id = o.id AND h.to_status_id = o.transaction_status_id) h ON true
          LEFT JOIN locations lt ON lt.id = o.location_id_to
          JOIN locations lf ON lf.id = o.location_id_from
        WHERE o.transaction_status_id IN (11, 13)
          AND (h.at AT TIME ZONE 'UTC')::date + CASE WHEN o.transaction_status_id = 11
                THEN COALESCE(o.reception_days, lt.reception_days, 5) ELSE COALESCE(o.return_days, lf.return_days, 5) END <= ${today}::date
        ORDER BY o.id`,
  );
  const result: AutoCommitResult = { fromWaitForConfirmation: 0, fromWaitForAccept: 0 };
  for (const { id } of due) {
    const committed = await db.transaction(async (tx) => {
      const [order] = await rows<DueRow>(
        tx,
        sql`SELECT o.id, o.transaction_status_id AS status, o.location_id_from AS "fromId", o.location_id_to AS "toId",
              lf.is_pooling AS "fromPooling", lf.type_id AS "fromType", lt.is_pooling AS "toPooling", lt.type_id AS "toType"
            FROM orders o JOIN locations lf ON lf.id = o.location_id_from LEFT JOIN locations lt ON lt.id = o.location_id_to
            WHERE o.id = ${id} AND o.transaction_status_id IN (11, 13) FOR UPDATE OF o SKIP LOCKED`,
      );
      if (!order) return null;
      await tx.execute(sql`UPDATE orders SET transaction_status_id = 5, version = version + 1, updated_at = now(),
        date_receive = COALESCE(date_receive, ${utcTodaySql}) WHERE id = ${order.id}`);
      await tx.execute(sql`UPDATE orders o SET amount = o.price * (SELECT COALESCE(sum(${finalQuantitySql}), 0) FROM order_lines ol WHERE ol.order_id = o.id)
        WHERE o.id = ${order.id} AND o.price IS NOT NULL`);
      // The alert goes to the side that did not answer in time: the receiver at 11, the seller at 13.
      await recordStatusChange(tx, {
        orderId: Number(order.id),
        from: order.status,
        to: 5,
        userId: null,
        comment: null,
        alertLocationId: order.status === 11 ? order.toId : order.fromId,
      });
      // Last, as a status change to 5 posts: the balance rows are held only until the commit (issue 21).
      await postToLedger(tx, { ...order, id: Number(order.id) });
      return order.status;
    });
    if (committed === 11) result.fromWaitForConfirmation++;
    if (committed === 13) result.fromWaitForAccept++;
  }
  return result;
}
