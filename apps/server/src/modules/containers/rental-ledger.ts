/**
 * The ledger side of a rental (issue 11; docs/containers.md, "Ledger"; docs/domain.md,
 * "Balances"): containers are provider-owned carriers, so they move on the pooling balance like
 * any carrier. Assigning posts -n at the depot and +n at the renting location; a return posts the
 * reverse; source `rental`, `rental_id` set, booked on the day of the step. `checkLedgerInvariant`
 * (orders/ledger.ts) checks that each rental's entries sum to 0 and that those at the renting
 * location add up to its containers out now.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { postEntries } from '../balance/post-entries.js';

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
 * `toId`, balance kind pooling), with the running `balances` and stock levels (`postEntries`).
 * Call once per step.
 */
export async function postRentalMove(tx: Tx, move: RentalMove): Promise<void> {
  if (move.count <= 0) return;
  const sides = sql`(VALUES (${move.fromId}::int, ${-move.count}::int), (${move.toId}::int, ${move.count}::int))`;
  await postEntries(
    tx,
    sql`INSERT INTO ledger_entries (product_id, location_id, balance_kind, quantity, source, rental_id, booking_date)
    SELECT ${move.productId}, s.location_id, 'pooling', s.quantity, 'rental', ${move.rentalId}, ${move.date}::date
    FROM ${sides} AS s(location_id, quantity)`,
  );
}
