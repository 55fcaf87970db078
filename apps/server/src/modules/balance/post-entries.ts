/**
 * Posting to the ledger (domain.md, "Balances": "Keep a per-location, per-product running total
 * in the same database transaction as the entries"): one statement writes a posting's entries and
 * moves the running `balances` by them, then the stock levels of the touched balances are checked.
 * Orders (orders/ledger.ts), pallet receipts and rentals post through it.
 */
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { checkStockLevels, type LocationProduct } from './check-stock-levels.js';

/**
 * Runs `insert`, an `INSERT INTO ledger_entries (...) SELECT ...` without RETURNING, and adds the
 * rows it wrote to the running balances in the same statement (summed per location, product and
 * balance kind). The balance rows are taken in key order (location, product, kind; as a count's
 * corrections take them), so two postings that touch the same locations wait for each other instead
 * of deadlocking. Then `checkStockLevels`: a balance that moved past a stock level mails once.
 * Call inside the transaction of the step that posts (an order reaching 5, a receipt becoming
 * final, a rental's assignment or return).
 * @returns the locations and products whose balances moved
 */
export async function postEntries(tx: Tx, insert: SQL): Promise<LocationProduct[]> {
  const touched = await rows<LocationProduct>(
    tx,
    sql`WITH e AS (${insert} RETURNING location_id, product_id, balance_kind, quantity)
    INSERT INTO balances (location_id, product_id, balance_kind, quantity)
    SELECT location_id, product_id, balance_kind, sum(quantity) FROM e
    GROUP BY location_id, product_id, balance_kind ORDER BY location_id, product_id, balance_kind
    ON CONFLICT (location_id, product_id, balance_kind)
    DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = now()
    RETURNING location_id AS "locationId", product_id AS "productId"`,
  );
  await checkStockLevels(tx, touched);
  return touched;
}
