/**
 * One account's movements per location and product over a report's period, the common ground of
 * the pooling and commission reports: the balance at `from` (running totals minus a range read),
 * carriers in and out (and of those, by orders), and the balance at `to`.
 */
import type { BalanceDay } from '@portal/domain';
import { rows, sql } from '../../db/client.js';
import { dayHireWindowStart, type PriceList } from '../invoices/price-list.js';
import { num } from './report-definition.js';
import { balancesBefore, type LocationInfo, locationsById, lpKey, productInfo, reportPriceLists } from './report-lookups.js';
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
  /**
   * The booking days for day hire (day-hire.ts): every day of the period with entries, and for
   * the pooling account of a caller who may see money the receipts of the free-days window
   * before it (days before `from` bring only their receipts; their changes are in `opening`).
   */
  days: BalanceDay[];
}

/**
 * The movements of `kind` for the report's locations: every location and product with a balance
 * at `from` or a movement in the period, ordered by location and product.
 */
export async function accountMovements(ctx: ReportContext, kind: 'pooling' | 'commission'): Promise<AccountMovement[]> {
  // Day hire (pooling, money only) needs the receipts whose free days reach into the period.
  const readFrom = kind === 'pooling' && ctx.money ? await dayHireWindowStart(ctx.db, ctx.from) : ctx.from;
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
            AND booking_date >= ${readFrom}::date AND booking_date <= ${ctx.to}::date
            ${productFilter(sql.raw('product_id'), ctx.productId)}
          GROUP BY 1, 2, 3`,
    ),
  ]);
  const groups = new Map<string, AccountMovement>();
  const group = (locationId: number, productId: number) => {
    const key = lpKey(locationId, productId);
    let g = groups.get(key);
    if (!g) {
      g = { locationId, productId, opening: 0, quantityIn: 0, quantityOut: 0, orderIn: 0, orderOut: 0, closing: 0, days: [] };
      groups.set(key, g);
    }
    return g;
  };
  for (const b of openings) if (b.kind === kind && b.quantity !== 0) group(b.locationId, b.productId).opening = b.quantity;
  const before: typeof days = [];
  for (const d of days) {
    if (d.day < ctx.from) {
      before.push(d);
      continue;
    }
    const g = group(num(d.locationId), num(d.productId));
    g.quantityIn += num(d.quantityIn);
    g.quantityOut += num(d.quantityOut);
    g.orderIn += num(d.orderIn);
    g.orderOut += num(d.orderOut);
    g.days.push({ day: d.day, change: num(d.quantityIn) - num(d.quantityOut), received: num(d.orderIn) });
  }
  // Receipts before the period count for the rows the period has, and make none of their own.
  for (const d of before)
    groups.get(lpKey(num(d.locationId), num(d.productId)))?.days.push({ day: d.day, change: 0, received: num(d.orderIn) });
  const list = [...groups.values()];
  for (const g of list) g.closing = g.opening + g.quantityIn - g.quantityOut;
  return list.sort((a, b) => a.locationId - b.locationId || a.productId - b.productId);
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
  const lists = await reportPriceLists(ctx, locations.values());
  const list: AccountRow[] = [];
  for (const movement of movements) {
    const location = locations.get(movement.locationId);
    const product = products.get(movement.productId);
    if (location && product) list.push({ movement, location, product, priceList: lists.get(location.countryId) ?? null });
  }
  return list;
}
