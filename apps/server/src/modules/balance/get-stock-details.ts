/**
 * GET stockDetails (spec section 7; domain.md, "Balances"): a location's balances per product
 * and balance kind, read from the running totals in `balances` (never summed from the
 * ledger), and apart the carriers in transit: orders in statuses 3, 4 and 9-14
 * (`inTransitStatuses`), which post nothing until they reach 5, counted by the quantity they
 * would post now (delivered, else picked, else ordered). Quantities in carriers.
 */
import type { Locale, MenuItemKey, StockDetails } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { productNamesById } from '../orders/product-names.js';
import { requireArea } from '../session/menu-access.js';
import { assertLocationInScope } from '../session/scope.js';
import { inTransitByProduct } from './in-transit.js';

/** The menu areas that show stock: the sale and delivery dialogs (the sender's carriers) and Reports (balances). */
const stockAreas: readonly MenuItemKey[] = ['dispatch', 'delivery', 'reports'];

/**
 * The stock of `locationId` (default: the acting location). Errors: FORBIDDEN when the acting
 * location's menu offers none of Dispatch/Sell, Delivery, Reports (spec section 6); NOT_FOUND
 * when the location is outside the caller's scope (or there is no acting location).
 */
export async function getStockDetails(db: Tx, auth: AuthContext, locale: Locale, locationId?: number): Promise<StockDetails> {
  await requireArea(db, auth, stockAreas);
  const id = locationId ?? auth.locationId ?? 0;
  await assertLocationInScope(db, auth, id);
  const [balances, inTransit] = await Promise.all([
    rows<{ productId: number; balanceKind: 'pooling' | 'commission' | 'physical'; quantity: number }>(
      db,
      sql`SELECT product_id AS "productId", balance_kind AS "balanceKind", quantity FROM balances
          WHERE location_id = ${id} ORDER BY product_id, balance_kind`,
    ),
    inTransitByProduct(db, [id]),
  ]);
  const names = await productNamesById(db, locale, [
    ...balances.map((b) => Number(b.productId)),
    ...inTransit.map((t) => Number(t.productId)),
  ]);
  return {
    locationId: id,
    balances: balances.map((b) => ({ ...b, productId: Number(b.productId), productName: names.get(Number(b.productId)) ?? '' })),
    inTransit: inTransit.map((t) => ({ ...t, productId: Number(t.productId), productName: names.get(Number(t.productId)) ?? '' })),
  };
}
