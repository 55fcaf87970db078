/**
 * POST StockLevels (docs/domain.md, "Balance screen"): sets a product's lower and upper stock
 * level at a location, in carriers. Whoever's scope holds the location sets them (404
 * otherwise); the balance page is every user's.
 */
import { AppErrorCode, type Locale, type SaveStockLevelRequest, type StockLevel, stockLevelState } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { heldSql, type LevelBalance, levelBalances, toStockLevel } from './level-balances.js';
import { assertBalanceLocation } from './location-filter.js';

/**
 * Sets the levels of one product at a location in one transaction: a level left out keeps its
 * value, null clears it (both cleared: the levels are removed). The state is measured again
 * and stored silently: a level set past today's balance shows the warning at once but mails
 * nobody; the mail is about movements (the next posting that crosses a level mails).
 * @throws NOT_FOUND outside the caller's scope; VALIDATION for an unknown product
 *   (`productId`) or a lower level above the upper one (on the level sent, `validation.levelRange`)
 */
export async function saveStockLevel(db: Db, auth: AuthContext, locale: Locale, input: SaveStockLevelRequest): Promise<StockLevel> {
  const { locationId, productId } = input;
  return db.transaction(async (tx) => {
    await assertBalanceLocation(tx, auth, locationId);
    const names = await productNamesById(tx, locale, [productId]);
    const productName = names.get(productId);
    if (productName === undefined) throw new AppError(AppErrorCode.VALIDATION, {}, { productId: 'validation.invalid' });
    // The row exists from here on and is locked, so two saves of one product follow each other.
    await tx.execute(sql`INSERT INTO stock_levels (location_id, product_id) VALUES (${locationId}, ${productId}) ON CONFLICT DO NOTHING`);
    const [current] = await rows<{ lowerLevel: number | null; upperLevel: number | null; balance: number }>(
      tx,
      sql`SELECT lower_level AS "lowerLevel", upper_level AS "upperLevel", ${heldSql(sql`${locationId}::int`, sql`${productId}::int`)} AS balance
          FROM stock_levels WHERE location_id = ${locationId} AND product_id = ${productId} FOR UPDATE`,
    );
    const lowerLevel = input.lowerLevel !== undefined ? input.lowerLevel : (current?.lowerLevel ?? null);
    const upperLevel = input.upperLevel !== undefined ? input.upperLevel : (current?.upperLevel ?? null);
    if (lowerLevel !== null && upperLevel !== null && Number(lowerLevel) > Number(upperLevel)) {
      const field = input.upperLevel === undefined ? 'lowerLevel' : 'upperLevel';
      throw new AppError(AppErrorCode.VALIDATION, {}, { [field]: 'validation.levelRange' });
    }
    if (lowerLevel === null && upperLevel === null) {
      await tx.execute(sql`DELETE FROM stock_levels WHERE location_id = ${locationId} AND product_id = ${productId}`);
      const balance = Number(current?.balance ?? 0);
      return {
        locationId,
        productId,
        productName,
        lowerLevel: null,
        upperLevel: null,
        balance,
        state: 'within',
        updatedAt: null,
        updatedByUserName: null,
      } satisfies StockLevel;
    }
    const state = stockLevelState(Number(current?.balance ?? 0), lowerLevel, upperLevel);
    await tx.execute(sql`UPDATE stock_levels SET lower_level = ${lowerLevel}, upper_level = ${upperLevel}, state = ${state},
        updated_by_user_id = ${auth.user.id}, updated_at = now()
      WHERE location_id = ${locationId} AND product_id = ${productId}`);
    const [saved] = (await levelBalances(tx, [locationId])).filter((l) => l.productId === productId);
    return toStockLevel(saved as LevelBalance, productName);
  });
}
