/**
 * The figures a count is compared with (spec section 3, "Count audit"): per product, the ledger
 * balance of a location at the END of the count date and the carriers posted in and out after
 * it. A count sees carriers, not accounts: pooling and commission together.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';

/** One product's figures, in carriers. */
export interface CountFigures {
  /** Ledger balance (pooling + commission) at the end of the count date. */
  balance: number;
  /** Carriers posted in after the count date up to now (corrections left out). */
  inbound: number;
  /** Carriers posted out after the count date up to now, as a positive number (corrections left out). */
  outbound: number;
}

/**
 * The figures of `productIds` at `locationId` for the count date `date` (yyyy-MM-dd): the running
 * totals in `balances` minus the entries booked after the date, never a sum over all history.
 * The entries after the date are one range read per location and product on
 * `ledger_location_idx` (location_id, product_id, booking_date). One statement, so it reads one
 * snapshot: a posting that commits meanwhile is in both the totals and the entries, or in
 * neither. Inbound and outbound leave out corrections (booked counts, not carriers moving); the
 * balance includes them.
 * @returns a figure for every product asked for (0 where nothing was ever posted)
 */
export async function countFigures(
  db: Tx,
  locationId: number,
  date: string,
  productIds: readonly number[],
): Promise<Map<number, CountFigures>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const list = await rows<{ productId: number } & CountFigures>(
    db,
    sql`WITH now AS (
          SELECT product_id, sum(quantity) AS quantity FROM balances
          WHERE location_id = ${locationId} AND product_id IN (${ids}) AND balance_kind IN ('pooling', 'commission')
          GROUP BY product_id),
        after AS (
          SELECT product_id, sum(quantity) AS quantity,
            sum(quantity) FILTER (WHERE quantity > 0 AND source <> 'correction') AS inbound,
            -sum(quantity) FILTER (WHERE quantity < 0 AND source <> 'correction') AS outbound
          FROM ledger_entries
          WHERE location_id = ${locationId} AND product_id IN (${ids}) AND booking_date > ${date}::date
            AND balance_kind IN ('pooling', 'commission')
          GROUP BY product_id)
        SELECT p.id AS "productId", (COALESCE(now.quantity, 0) - COALESCE(after.quantity, 0))::int AS balance,
          COALESCE(after.inbound, 0)::int AS inbound, COALESCE(after.outbound, 0)::int AS outbound
        FROM (VALUES ${sql.join(
          productIds.map((id) => sql`(${id}::int)`),
          sql`, `,
        )}) AS p(id)
        LEFT JOIN now ON now.product_id = p.id LEFT JOIN after ON after.product_id = p.id`,
  );
  return new Map(
    list.map((f) => [Number(f.productId), { balance: Number(f.balance), inbound: Number(f.inbound), outbound: Number(f.outbound) }]),
  );
}
