/**
 * One account's movements per location and product over a report's period, the common ground of
 * the pooling and commission reports: the balance at `from` (running totals minus a range read),
 * carriers in and out (and of those, by orders), and the balance at `to`.
 */
import { rows, sql } from '../../db/client.js';
import type { PriceList } from '../invoices/price-list.js';
import { num } from './report-definition.js';
import { balancesBefore, type LocationInfo, locationsById, lpKey, priceListsOn, productInfo } from './report-lookups.js';
import { inLocations, productFilter, type ReportContext } from './report-scope.js';

/** One location and product of one account over the period; quantities in carriers. */
export interface AccountMovement {
  locationId: number;
  productId: number;
  opening: number;
  quantityIn: number;
  quantityOut: number;
  /** Of `quantityIn` / `quantityOut`, the carriers that came and went by orders (the fees' basis). */
  orderIn: number;
  orderOut: number;
  closing: number;
  /** Net change per booking day of the period (yyyy-MM-dd), for day hire. */
  daily: Map<string, number>;
}

/**
 * The movements of `kind` for the report's locations: every location and product with a balance
 * at `from` or a movement in the period, ordered by location and product.
 */
export async function accountMovements(ctx: ReportContext, kind: 'pooling' | 'commission'): Promise<AccountMovement[]> {
  const [openings, days] = await Promise.all([
    balancesBefore(ctx, ctx.from),
    rows<{
      locationId: number;
      productId: number;
      day: string;
      quantityIn: number;
      quantityOut: number;
      orderIn: number;
      orderOut: number;
    }>(
      ctx.db,
      sql`SELECT location_id AS "locationId", product_id AS "productId", booking_date::text AS day,
            COALESCE(sum(quantity) FILTER (WHERE quantity > 0), 0)::int AS "quantityIn",
            COALESCE(-sum(quantity) FILTER (WHERE quantity < 0), 0)::int AS "quantityOut",
            COALESCE(sum(quantity) FILTER (WHERE quantity > 0 AND source = 'order'), 0)::int AS "orderIn",
            COALESCE(-sum(quantity) FILTER (WHERE quantity < 0 AND source = 'order'), 0)::int AS "orderOut"
          FROM ledger_entries
          WHERE ${inLocations(sql.raw('location_id'), ctx.locationIds)} AND balance_kind = ${kind}
            AND booking_date >= ${ctx.from}::date AND booking_date <= ${ctx.to}::date
            ${productFilter(sql.raw('product_id'), ctx.productId)}
          GROUP BY 1, 2, 3`,
    ),
  ]);
  const groups = new Map<string, AccountMovement>();
  const group = (locationId: number, productId: number) => {
    const key = lpKey(locationId, productId);
    let g = groups.get(key);
    if (!g) {
      g = { locationId, productId, opening: 0, quantityIn: 0, quantityOut: 0, orderIn: 0, orderOut: 0, closing: 0, daily: new Map() };
      groups.set(key, g);
    }
    return g;
  };
  for (const b of openings) if (b.kind === kind && b.quantity !== 0) group(b.locationId, b.productId).opening = b.quantity;
  for (const d of days) {
    const g = group(num(d.locationId), num(d.productId));
    g.quantityIn += num(d.quantityIn);
    g.quantityOut += num(d.quantityOut);
    g.orderIn += num(d.orderIn);
    g.orderOut += num(d.orderOut);
    g.daily.set(d.day, num(d.quantityIn) - num(d.quantityOut));
  }
  const list = [...groups.values()];
  for (const g of list) g.closing = g.opening + g.quantityIn - g.quantityOut;
  return list.sort((a, b) => a.locationId - b.locationId || a.productId - b.productId);
}

/**
 * Carrier-days of a balance over the period: the sum over its days of the end-of-day balance,
 * a negative balance counting 0 (`chargeableDayHireDays` then takes off the free days).
 */
export function balanceDays(movement: AccountMovement, from: string, to: string): number {
  let balance = movement.opening;
  let total = 0;
  const day = new Date(`${from}T00:00:00Z`);
  const last = new Date(`${to}T00:00:00Z`).getTime();
  while (day.getTime() <= last) {
    balance += movement.daily.get(day.toISOString().slice(0, 10)) ?? 0;
    if (balance > 0) total += balance;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return total;
}

/** One account movement with what a report row shows of it. */
export interface AccountRow {
  movement: AccountMovement;
  location: LocationInfo;
  product: { name: string; typeName: string; carrierTypeId: number };
  /** The price list in force on `to` in the location's country; only read for callers who may see money. */
  priceList: PriceList | null;
}

/** The movements of `kind` with their location, product and (with the finance permission) price list. */
export async function accountRows(ctx: ReportContext, kind: 'pooling' | 'commission'): Promise<AccountRow[]> {
  const [movements, locations, products] = await Promise.all([
    accountMovements(ctx, kind),
    locationsById(ctx),
    productInfo(ctx.db, ctx.locale),
  ]);
  const lists = ctx.money
    ? await priceListsOn(
        ctx.db,
        [...locations.values()].map((l) => l.countryId),
        ctx.to,
      )
    : null;
  const list: AccountRow[] = [];
  for (const movement of movements) {
    const location = locations.get(movement.locationId);
    const product = products.get(movement.productId);
    if (location && product) list.push({ movement, location, product, priceList: lists?.get(location.countryId) ?? null });
  }
  return list;
}
