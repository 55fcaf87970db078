/**
 * A customer's closing balances on a day (issue 22, balance confirmations): per active location,
 * product and account, the running totals in `balances` minus what moved after the day
 * (`movementsFromSql`: months from `ledger_months`, the rest of the day's month from the
 * entries), in one statement. Only non-zero balances; ordered by location name, product, account.
 */
import type { ConfirmationBalance, Locale } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { movementsFromSql } from '../balance/ledger-months.js';
import { productNamesById } from '../orders/product-names.js';

/** The closing balances of `customerId`'s locations at the end of `asOf` (yyyy-MM-dd), product names in `locale`. */
export async function closingBalancesOf(db: Tx, locale: Locale, customerId: number, asOf: string): Promise<ConfirmationBalance[]> {
  const mine = sql`location_id IN (SELECT id FROM locations WHERE customer_id = ${customerId})`;
  const list = await rows<Omit<ConfirmationBalance, 'productName'>>(
    db,
    sql`SELECT b.location_id AS "locationId", l.name AS "locationName", l.gln, b.product_id AS "productId",
          b.balance_kind AS "balanceKind", sum(b.quantity)::int AS quantity
        FROM (SELECT location_id, product_id, balance_kind, quantity::bigint FROM balances WHERE ${mine}
              UNION ALL SELECT location_id, product_id, balance_kind, -quantity FROM (${movementsFromSql(mine, asOf, true)}) later) b
        JOIN locations l ON l.id = b.location_id
        GROUP BY 1, 2, 3, 4, 5 HAVING sum(b.quantity) <> 0
        ORDER BY l.name, b.location_id, b.product_id, b.balance_kind`,
  );
  const names = await productNamesById(
    db,
    locale,
    list.map((b) => Number(b.productId)),
  );
  return list.map((b) => ({
    ...b,
    locationId: Number(b.locationId),
    productId: Number(b.productId),
    quantity: Number(b.quantity),
    productName: names.get(Number(b.productId)) ?? String(b.productId),
  }));
}
