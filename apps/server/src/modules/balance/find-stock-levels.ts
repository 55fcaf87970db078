/**
 * GET StockLevels (docs/domain.md, "Balance screen"): the lower and upper stock levels of a
 * location per product, with the balance each is measured against (pooling + commission) and
 * where it stands. Whoever's scope holds the location reads them (404 otherwise).
 */
import type { Locale, StockLevel } from '@portal/domain';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { levelBalances, toStockLevel } from './level-balances.js';
import { assertBalanceLocation } from './location-filter.js';

/**
 * The stock levels of `locationId` (default the acting location), by product.
 * @throws NOT_FOUND outside the caller's scope (or without a location)
 */
export async function findStockLevels(db: Tx, auth: AuthContext, locale: Locale, locationId?: number): Promise<StockLevel[]> {
  const id = locationId ?? auth.locationId ?? 0;
  await assertBalanceLocation(db, auth, id);
  const levels = await levelBalances(db, [id]);
  const names = await productNamesById(
    db,
    locale,
    levels.map((l) => l.productId),
  );
  return levels.map((l) => toStockLevel(l, names.get(l.productId) ?? ''));
}
