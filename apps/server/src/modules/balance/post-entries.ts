/**
 * Posting to the ledger (domain.md, "Balances": "Keep a per-location, per-product running total
 * in the same database transaction as the entries"): one statement writes a posting's entries and
 * moves the running `balances` by them and reads (locked) the stock levels of the touched balances,
 * which are then checked. Orders (orders/ledger.ts), pallet receipts and rentals post through it.
 */
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { type LocationProduct, storeLevelStates } from './check-stock-levels.js';
import { type LevelBalance, toLevelBalance } from './level-balances.js';

/**
 * Runs `insert`, an `INSERT INTO ledger_entries (...) SELECT ...` without RETURNING, and adds the
 * rows it wrote to the running balances in the same statement (summed per location, product and
 * balance kind). The balance rows are taken in key order (location, product, kind; as a count's
 * corrections take them), so two postings that touch the same locations wait for each other instead
 * of deadlocking. The same statement then locks the stock levels of the touched locations and
 * products (in location and product order, as `checkStockLevels` does) and measures each against
 * its balance after the posting (the posted kinds as they now stand, the others as stored); a
 * balance that moved past a level mails once (`storeLevelStates`). So a posting without a crossing
 * is one statement: callers post last and commit right after it, and the balance rows of two busy
 * locations are held only that long (issue 21, docs/performance.md "Order writes").
 * Call inside the transaction of the step that posts (an order reaching 5, a receipt becoming
 * final, a rental's assignment or return).
 * @returns the locations and products whose balances moved
 */
export async function postEntries(tx: Tx, insert: SQL): Promise<LocationProduct[]> {
  const touched = await rows<LevelBalance & { hasLevel: boolean }>(
    tx,
    sql`WITH e AS (${insert} RETURNING location_id, product_id, balance_kind, quantity),
    b AS (INSERT INTO balances (location_id, product_id, balance_kind, quantity)
      SELECT location_id, product_id, balance_kind, sum(quantity) FROM e
      GROUP BY location_id, product_id, balance_kind ORDER BY location_id, product_id, balance_kind
      ON CONFLICT (location_id, product_id, balance_kind)
      DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = now()
      RETURNING location_id, product_id, balance_kind, quantity),
    p AS (SELECT DISTINCT location_id, product_id FROM b),
    l AS MATERIALIZED (SELECT s.location_id, s.product_id, s.lower_level, s.upper_level, s.state, s.updated_at
      FROM stock_levels s WHERE (s.location_id, s.product_id) IN (SELECT location_id, product_id FROM p)
      ORDER BY s.location_id, s.product_id FOR UPDATE)
    SELECT p.location_id AS "locationId", p.product_id AS "productId", l.location_id IS NOT NULL AS "hasLevel",
      l.lower_level AS "lowerLevel", l.upper_level AS "upperLevel", l.state, l.updated_at AS "updatedAt", NULL AS "updatedByUserName",
      (COALESCE((SELECT sum(x.quantity) FROM b x WHERE x.location_id = p.location_id AND x.product_id = p.product_id
                   AND x.balance_kind IN ('pooling', 'commission')), 0)
       + COALESCE((SELECT sum(o.quantity) FROM balances o WHERE o.location_id = p.location_id AND o.product_id = p.product_id
                   AND o.balance_kind IN ('pooling', 'commission')
                   AND o.balance_kind NOT IN (SELECT x.balance_kind FROM b x WHERE x.location_id = p.location_id AND x.product_id = p.product_id)), 0))::int
        AS balance
    FROM p LEFT JOIN l ON l.location_id = p.location_id AND l.product_id = p.product_id
    ORDER BY p.location_id, p.product_id`,
  );
  await storeLevelStates(tx, touched.filter((row) => row.hasLevel).map(toLevelBalance));
  return touched.map((row) => ({ locationId: Number(row.locationId), productId: Number(row.productId) }));
}
