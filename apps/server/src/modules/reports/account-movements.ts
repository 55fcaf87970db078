/**
 * One account's movements per location and product over a report's period, the common ground of
 * the pooling and commission reports: the balance at `from` (running totals minus a range read),
 * carriers in and out (and of those, by orders), and the balance at `to`. Read a chunk of
 * locations per statement (`locationChunks`), and handed on a chunk at a time (issue 20: no statement over every
 * location at once).
 */
import type { BalanceDay } from '@portal/domain';
import { rows, sql } from '../../db/client.js';
import { dayHireWindowStart, type PriceList } from '../invoices/price-list.js';
import { num } from './report-definition.js';
import { chunkBalancesBefore, type LocationInfo, locationsById, lpKey, productInfo, reportPriceLists } from './report-lookups.js';
import { inLocations, locationChunks, productFilter, type ReportContext } from './report-scope.js';

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
   * The booking days for day hire (day-hire.ts), only for the pooling account of a caller who may
   * see money (else empty): every day of the period with entries, and the receipts of the
   * free-days window before it (days before `from` bring only their receipts; their changes are
   * in `opening`).
   */
  days: BalanceDay[];
}

/** What `accountMovements` reads per location and product: a day's sums, or the period's (`day` null). */
interface MovementSums {
  locationId: number;
  productId: number;
  day: string | null;
  quantityIn: number;
  quantityOut: number;
  orderIn: number;
  orderOut: number;
}

/**
 * The movements of `kind` at `locationIds`: every location and product with a balance at `from`
 * or a movement in the period, ordered by location and product. Day by day (for day hire) only
 * where `withDays`; otherwise summed over the period by the database.
 */
async function accountMovements(
  ctx: ReportContext,
  kind: 'pooling' | 'commission',
  locationIds: number[],
  readFrom: string,
  withDays: boolean,
): Promise<AccountMovement[]> {
  const [openings, sums] = await Promise.all([
    chunkBalancesBefore(ctx, ctx.from, locationIds),
    rows<MovementSums>(
      ctx.db,
      sql`SELECT location_id AS "locationId", product_id AS "productId", ${withDays ? sql`booking_date::text` : sql`NULL::text`} AS day,
            COALESCE(sum(quantity) FILTER (WHERE quantity > 0), 0)::int AS "quantityIn",
            COALESCE(-sum(quantity) FILTER (WHERE quantity < 0), 0)::int AS "quantityOut",
            COALESCE(sum(quantity) FILTER (WHERE quantity > 0 AND source = 'order'), 0)::int AS "orderIn",
            COALESCE(-sum(quantity) FILTER (WHERE quantity < 0 AND source = 'order'), 0)::int AS "orderOut"
          FROM ledger_entries
          WHERE ${inLocations(sql.raw('location_id'), locationIds)} AND balance_kind = ${kind}
            AND booking_date >= ${withDays ? readFrom : ctx.from}::date AND booking_date <= ${ctx.to}::date
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
  const before: MovementSums[] = [];
  for (const d of sums) {
    if (d.day !== null && d.day < ctx.from) {
      before.push(d);
      continue;
    }
    const g = group(num(d.locationId), num(d.productId));
    g.quantityIn += num(d.quantityIn);
    g.quantityOut += num(d.quantityOut);
    g.orderIn += num(d.orderIn);
    g.orderOut += num(d.orderOut);
    if (d.day !== null) g.days.push({ day: d.day, change: num(d.quantityIn) - num(d.quantityOut), received: num(d.orderIn) });
  }
  // Receipts before the period count for the rows the period has, and make none of their own.
  for (const d of before)
    groups.get(lpKey(num(d.locationId), num(d.productId)))?.days.push({ day: d.day as string, change: 0, received: num(d.orderIn) });
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

/**
 * The movements of `kind` with their location, product and (with the finance permission) price
 * list, in location and product order, a chunk of locations (`locationChunks`) at a time.
 */
export async function* accountRowBatches(ctx: ReportContext, kind: 'pooling' | 'commission'): AsyncGenerator<AccountRow[]> {
  // Day hire (pooling, money only) needs the receipts whose free days reach into the period.
  const withDays = kind === 'pooling' && ctx.money;
  const [locations, products, readFrom] = await Promise.all([
    locationsById(ctx),
    productInfo(ctx.db, ctx.locale),
    withDays ? dayHireWindowStart(ctx.db, ctx.from) : ctx.from,
  ]);
  const lists = await reportPriceLists(ctx, locations.values());
  for (const chunk of await locationChunks(ctx.db, [...locations.keys()])) {
    const batch: AccountRow[] = [];
    for (const movement of await accountMovements(ctx, kind, chunk, readFrom, withDays)) {
      const location = locations.get(movement.locationId);
      const product = products.get(movement.productId);
      if (location && product) batch.push({ movement, location, product, priceList: lists.get(location.countryId) ?? null });
    }
    yield batch;
  }
}
