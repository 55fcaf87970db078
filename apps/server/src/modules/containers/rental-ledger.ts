/**
 * The ledger side of a rental (issue 11; docs/containers.md, "Ledger"; docs/domain.md,
 * "Balances"): containers are provider-owned carriers, so they move on the pooling balance like
 * any carrier. Assigning posts -n at the depot and +n at the renting location; a return posts the
 * reverse; source `rental`, `rental_id` set, booked on the day of the step. `checkLedgerInvariant`
 * (orders/ledger.ts) checks that each rental's entries sum to 0 and that those at the renting
 * location add up to its containers out now.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { checkStockLevels, type LocationProduct } from '../balance/check-stock-levels.js';

/** One step of a rental to post: `count` containers of `productId` from `fromId` to `toId` on `date` (yyyy-MM-dd). */
export interface RentalMove {
  rentalId: number;
  productId: number;
  fromId: number;
  toId: number;
  count: number;
  date: string;
}

/**
 * Posts a rental step inside the step's transaction: two entries (-count at `fromId`, +count at
 * `toId`, balance kind pooling) and the same quantities on the running `balances`, whose rows are
 * taken in key order (location, product, kind; as `postToLedger` and a count's corrections do)
 * so two postings that touch the same locations wait for each other instead of deadlocking; then
 * the stock levels of the two balances (`checkStockLevels`). Call once per step.
 */
export async function postRentalMove(tx: Tx, move: RentalMove): Promise<void> {
  if (move.count <= 0) return;
  const sides = sql`(VALUES (${move.fromId}::int, ${-move.count}::int), (${move.toId}::int, ${move.count}::int))`;
  await tx.execute(sql`INSERT INTO ledger_entries (product_id, location_id, balance_kind, quantity, source, rental_id, booking_date)
    SELECT ${move.productId}, s.location_id, 'pooling', s.quantity, 'rental', ${move.rentalId}, ${move.date}::date
    FROM ${sides} AS s(location_id, quantity)`);
  const touched = await rows<LocationProduct>(
    tx,
    sql`INSERT INTO balances (location_id, product_id, balance_kind, quantity)
    SELECT s.location_id, ${move.productId}, 'pooling', s.quantity FROM ${sides} AS s(location_id, quantity) ORDER BY s.location_id
    ON CONFLICT (location_id, product_id, balance_kind)
    DO UPDATE SET quantity = balances.quantity + excluded.quantity, updated_at = now()
    RETURNING location_id AS "locationId", product_id AS "productId"`,
  );
  await checkStockLevels(tx, touched);
}
