/**
 * The grid's total ("{count} of {total}", spec section 9) from the `order_counts` table
 * instead of counting a location's whole history: a page of the orders grid then costs the
 * same at 1,000,000 orders as at 200,000 (issue 2, "Performance"). The table is kept exact by
 * triggers in every order write's own transaction: `orders_count_insert_trg` counts the rows of
 * each INSERT with one grouped upsert (migration 0006), `orders_count_trg` each updated or
 * deleted row at the commit (migration 0002_order_counts, deferred since 0019). Each count is
 * spread over slots by transaction id (migration 0019, issue 21), so a count is always a sum.
 */
import type { OrdersQuery } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** Fills `order_counts` from the orders (the demo seed loads orders with the trigger off). */
export async function rebuildOrderCounts(tx: Tx): Promise<void> {
  await tx.execute(sql`DELETE FROM order_counts`);
  await tx.execute(sql`INSERT INTO order_counts (location_id, side, transaction_type_id, transaction_status_id, n)
    SELECT location_id_from, 'F', transaction_type_id, transaction_status_id, count(*) FROM orders GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT location_id_to, 'T', transaction_type_id, transaction_status_id, count(*) FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1, 2, 3, 4`);
}

/** Query parameters the counters cannot answer: any of them set means a real count. */
const narrowing = [
  'term',
  'sendLower',
  'sendUpper',
  'ids',
  'customerId',
  'locationIdFrom',
  'locationIdTo',
  'filterLocationFrom',
  'filterLocationTo',
  'filterReference',
] as const;

/**
 * The number of orders a grid request matches, read from `order_counts`, when the request
 * filters by nothing but status and type, for every order (`locations` null) or for one
 * location (an order never has the same location at both ends, so the two sides never
 * count one order twice). Drafts count only on the side that places them (visibleTo).
 * @returns the total, or null when the request needs a real count
 */
export async function countFromCounters(db: Tx, locations: number[] | null, q: OrdersQuery, externalOnly: boolean): Promise<number | null> {
  const query = countersSql(locations, q, externalOnly);
  if (!query) return null;
  const [row] = await rows<{ total: number }>(db, query);
  return Number(row?.total ?? 0);
}

/**
 * The SQL of `countFromCounters` (one row, `total`), or null when the request needs a real
 * count. Exported for the benchmark, which runs the API's SQL through `pg` directly.
 */
export function countersSql(locations: number[] | null, q: OrdersQuery, externalOnly: boolean): SQL | null {
  if (externalOnly || narrowing.some((key) => q[key] !== undefined && q[key] !== '')) return null;
  if (locations !== null && locations.length !== 1) return null;
  const where: SQL[] = [];
  if (q.transactionStatus?.length)
    where.push(
      sql`transaction_status_id IN (${sql.join(
        q.transactionStatus.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (q.transactionType?.length)
    where.push(
      sql`transaction_type_id IN (${sql.join(
        q.transactionType.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (locations === null) {
    where.push(sql`side = 'F'`);
  } else {
    where.push(sql`location_id = ${locations[0]}`);
    where.push(sql`((side = 'F' AND (transaction_status_id <> 0 OR transaction_type_id <> 1))
      OR (side = 'T' AND (transaction_status_id <> 0 OR transaction_type_id = 1)))`);
  }
  return sql`SELECT COALESCE(sum(n), 0)::int AS total FROM order_counts WHERE ${sql.join(where, sql` AND `)}`;
}
