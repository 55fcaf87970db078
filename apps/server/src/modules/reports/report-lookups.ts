/**
 * What several reports look up: balances at the start of a day (from the running totals, by a
 * range read of the ledger), the names of locations and products in the caller's language,
 * and the price lists in force.
 */
import type { Country, Locale } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { movementsFromSql } from '../balance/ledger-months.js';
import { type PriceList, priceListFor } from '../invoices/price-list.js';
import { type ProductNameRow, productJoins, productNameColumns, productNames } from '../lookups/products.js';
import { num } from './report-definition.js';
import { inLocations, locationChunks, productFilter, type ReportContext } from './report-scope.js';

/** Key of a location and product (and kind) in the maps below. */
export const lpKey = (locationId: number, productId: number, kind?: string) => `${locationId}:${productId}${kind ? `:${kind}` : ''}`;

/**
 * The statement behind `balancesBefore`: the running totals of `locationIds` (null: all; of one
 * product when `productId` is set) minus what moved on or after `day`: the months after its month
 * from `ledger_months` and the rest of its month from the entries (`movementsFromSql`, read by the
 * index `ledger_location_date_idx`), so a day years back costs no more than a recent one. Exported for
 * bench/reports, which times the same SQL through `pg`.
 */
export function balancesBeforeSql(locationIds: number[] | null, productId: number | null, day: string): SQL {
  return sql`SELECT b.location_id AS "locationId", b.product_id AS "productId", b.balance_kind AS kind,
      (b.quantity - COALESCE(l.later, 0))::int AS quantity
    FROM balances b
    LEFT JOIN (SELECT location_id, product_id, balance_kind, sum(quantity) AS later FROM (${movementsFromSql(
      sql`${inLocations(sql.raw('location_id'), locationIds)} ${productFilter(sql.raw('product_id'), productId)}`,
      day,
    )}) m
               GROUP BY 1, 2, 3) l
      ON l.location_id = b.location_id AND l.product_id = b.product_id AND l.balance_kind = b.balance_kind
    WHERE ${inLocations(sql.raw('b.location_id'), locationIds)} AND b.balance_kind IN ('pooling', 'commission')
      ${productFilter(sql.raw('b.product_id'), productId)}
    ORDER BY 1, 2, 3`;
}

/** A balance at the start of a day of one location, product and kind, in carriers. */
export interface BalanceAt {
  locationId: number;
  productId: number;
  kind: 'pooling' | 'commission';
  quantity: number;
}

/** `balancesBefore` of one chunk of locations (`locationChunks`): one statement. */
export async function chunkBalancesBefore(ctx: ReportContext, day: string, chunk: number[]): Promise<BalanceAt[]> {
  const list = await rows<BalanceAt>(ctx.db, balancesBeforeSql(chunk, ctx.productId, day));
  return list.map((b) => ({ ...b, locationId: num(b.locationId), productId: num(b.productId), quantity: num(b.quantity) }));
}

/**
 * The balances at the start of `day` (yyyy-MM-dd: after every entry booked before it) per
 * location, product and kind (pooling, commission) of `locationIds` (default the report's; null:
 * every location): the running total in `balances` minus the entries booked on or after `day`, a
 * range read of the ledger by (location, booking date), never a sum over its whole history, and
 * one statement per chunk of locations (`locationChunks`). Only rows with a balances row (every
 * location and product that ever moved), ordered by location, product and kind.
 */
export async function balancesBefore(
  ctx: ReportContext,
  day: string,
  locationIds: readonly number[] | null = ctx.locationIds,
): Promise<BalanceAt[]> {
  const list: BalanceAt[] = [];
  for (const chunk of await locationChunks(ctx.db, locationIds)) list.push(...(await chunkBalancesBefore(ctx, day, chunk)));
  return list;
}

/** What the reports show of a location. */
export interface LocationInfo {
  id: number;
  name: string;
  number: string;
  gln: string | null;
  typeId: string;
  statusId: number;
  countryId: Country;
  currency: string;
  customerId: number;
  customerName: string;
  isPooling: boolean;
  isCommission: boolean;
  isReturnScheme: boolean;
  isDispatch: boolean;
}

/** The report's locations (every location for a global scope), by id. */
export async function locationsById(ctx: ReportContext, ids: number[] | null = ctx.locationIds): Promise<Map<number, LocationInfo>> {
  const list = await rows<LocationInfo>(
    ctx.db,
    sql`SELECT l.id, l.name, l.number, l.gln, l.type_id AS "typeId", l.status_id AS "statusId", l.country_id AS "countryId",
          co.currency, l.customer_id AS "customerId", c.name AS "customerName", l.is_pooling AS "isPooling",
          l.is_commission AS "isCommission", l.is_return_scheme AS "isReturnScheme", l.is_dispatch AS "isDispatch"
        FROM locations l JOIN customers c ON c.id = l.customer_id JOIN countries co ON co.id = l.country_id
        WHERE ${inLocations(sql.raw('l.id'), ids)} ORDER BY l.id`,
  );
  return new Map(list.map((l) => [num(l.id), { ...l, id: num(l.id), customerId: num(l.customerId), statusId: num(l.statusId) }] as const));
}

/** Every product's name and its carrier type's name (the report's "product type") in the caller's language. */
export async function productInfo(db: Tx, locale: Locale): Promise<Map<number, { name: string; typeName: string; carrierTypeId: number }>> {
  const list = await rows<ProductNameRow & { id: number; carrierTypeId: number }>(
    db,
    sql`SELECT p.id, p.carrier_type_id AS "carrierTypeId", ${productNameColumns} FROM products p ${productJoins} ORDER BY p.id`,
  );
  return new Map(
    list.map((p) => {
      const names = productNames(locale, p, p);
      return [num(p.id), { name: names.name, typeName: names.carrierTypeName, carrierTypeId: num(p.carrierTypeId) }] as const;
    }),
  );
}

/**
 * The price list in force on the report's `to` day of each country of `locations`
 * (`priceListFor`; docs/invoicing.md): one list per country for the whole report. Read only for
 * callers who may see money (`ctx.money`); for the others the map is empty, so no row is priced.
 */
export async function reportPriceLists(
  ctx: ReportContext,
  locations: Iterable<{ countryId: string }>,
): Promise<Map<string, PriceList | null>> {
  const result = new Map<string, PriceList | null>();
  if (!ctx.money) return result;
  for (const country of new Set([...locations].map((l) => l.countryId))) result.set(country, await priceListFor(ctx.db, country, ctx.to));
  return result;
}
