/**
 * The stock-level check of a posting (docs/domain.md, "Balance screen"): after a posting has
 * moved the running balances, each touched location and product with stock levels is measured
 * again (pooling + commission against its lower and upper level). When the balance has moved
 * past a level (within -> below, within -> above, below -> above, above -> below) the
 * stock-level mail goes out, once, and the new state is stored, in the posting's transaction;
 * a balance that stays past the level sends nothing more, and one that returns within its
 * levels resets the state silently, so the next crossing mails again.
 *
 * Called by `postToLedger` (orders/ledger.ts) for every order that posts, and by whatever else
 * books ledger entries (a count audit's corrections), with the pairs it touched.
 */
import { stockLevelCrossing } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { type LevelBalance, levelColumns, toLevelBalance } from './level-balances.js';
import { mailStockLevelCrossings, type StockLevelCrossing } from './stock-level-mail.js';

/** A location and product whose balance a posting moved. */
export interface LocationProduct {
  locationId: number;
  productId: number;
}

/**
 * Measures the stock levels of `pairs` against their balances now (inside the posting's
 * transaction `tx`, after the running balances moved), stores the new states and mails each
 * crossing. Pairs without levels cost one indexed read in all. The level rows are locked in
 * location and product order, so concurrent postings wait for each other instead of both
 * mailing one crossing (or deadlocking).
 * @returns the crossings found (each mailed to its recipients)
 */
export async function checkStockLevels(tx: Tx, pairs: readonly LocationProduct[]): Promise<StockLevelCrossing[]> {
  if (pairs.length === 0) return [];
  const locations = `{${pairs.map((p) => Number(p.locationId)).join(',')}}`;
  const products = `{${pairs.map((p) => Number(p.productId)).join(',')}}`;
  const levels = (
    await rows<LevelBalance>(
      tx,
      sql`SELECT ${levelColumns} FROM stock_levels s LEFT JOIN users u ON u.id = s.updated_by_user_id
          WHERE (s.location_id, s.product_id) IN (SELECT * FROM unnest(${locations}::int[], ${products}::int[]))
          ORDER BY s.location_id, s.product_id FOR UPDATE OF s`,
    )
  ).map(toLevelBalance);
  return storeLevelStates(tx, levels);
}

/**
 * The second half of `checkStockLevels`, for levels already read and locked with their balances
 * after the posting (`postEntries` reads them in its posting statement): stores the state of
 * each level whose balance moved past it and mails each crossing.
 * @returns the crossings found
 */
export async function storeLevelStates(tx: Tx, levels: readonly LevelBalance[]): Promise<StockLevelCrossing[]> {
  const changed = levels.filter((l) => l.live !== l.state);
  if (changed.length === 0) return [];
  await tx.execute(sql`UPDATE stock_levels s SET state = c.state
    FROM unnest(${`{${changed.map((l) => l.locationId).join(',')}}`}::int[], ${`{${changed.map((l) => l.productId).join(',')}}`}::int[],
      ${`{${changed.map((l) => l.live).join(',')}}`}::text[]) AS c(location_id, product_id, state)
    WHERE s.location_id = c.location_id AND s.product_id = c.product_id`);
  const crossings = changed.flatMap((l): StockLevelCrossing[] => {
    const crossing = stockLevelCrossing(l.state, l.live);
    return crossing
      ? [
          {
            locationId: l.locationId,
            productId: l.productId,
            crossing,
            balance: l.balance,
            lowerLevel: l.lowerLevel,
            upperLevel: l.upperLevel,
          },
        ]
      : [];
  });
  await mailStockLevelCrossings(tx, crossings, new Date().toISOString().slice(0, 10));
  return crossings;
}
