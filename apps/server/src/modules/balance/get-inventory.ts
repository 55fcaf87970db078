/**
 * GET Inventory (spec section 3, "Inventory": physical balance, balance, commission balance,
 * credit / owes; docs/domain.md, "Balance screen"): per product of one location, or of every
 * location of the caller's scope summed (`all=true`):
 * - pooling and commission balance from the running totals in `balances` (never the ledger);
 * - credit / owes: commission balance x the product's commission unit price (`sell`) of the
 *   price list in force today for the location's country, per currency; only for users who
 *   may see money (`mayReadMoney`), null for the others (never 403 for the balance itself);
 * - the physical balance: the last confirmed count audit and its date;
 * - in transit in and out apart (GET stockDetails' rule), and the balance to expect when it lands;
 * - the stock levels and where the balance stands against them.
 * Open to every signed-in user with an acting location (the balance page is in every user's
 * menu); the location must be in the caller's scope (404 otherwise).
 */
import {
  type CommissionValue,
  type Inventory,
  type InventoryLine,
  type InventoryQuery,
  type Locale,
  lineAmount,
  type StockLevelState,
  sumByCurrency,
} from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type PriceList, priceListFor } from '../invoices/price-list.js';
import { productNamesById } from '../orders/product-names.js';
import { mayReadMoney } from '../session/finance.js';
import { todayAtLocation } from '../session/location-today.js';
import { scopeLocationIds } from '../session/scope.js';
import { inTransitByProduct } from './in-transit.js';
import { type LevelBalance, levelBalances } from './level-balances.js';
import { assertBalanceLocation, atLocations } from './location-filter.js';
import { type LastCount, lastConfirmedCounts } from './physical-balance.js';

/** Pooling and commission of one product in one country (one location, or the scope's locations there). */
interface HeldRow {
  productId: number;
  countryId: string;
  pooling: number;
  commission: number;
}

/**
 * The balance of the caller's acting location, of `query.locationId`, or with `query.all` of
 * every location in the caller's scope summed.
 * @param asOf the day whose price lists apply (yyyy-MM-dd; default today at the location shown,
 *   or with `all` at the acting one: docs/domain.md, "Today"; a new year's prices apply from
 *   the Nordic midnight)
 * @throws NOT_FOUND without an acting location, or for a location outside the caller's scope
 */
export async function getInventory(db: Tx, auth: AuthContext, locale: Locale, query: InventoryQuery, asOf?: string): Promise<Inventory> {
  if (auth.locationId === null) throw notFound();
  const locationId = query.all ? null : (query.locationId ?? auth.locationId);
  if (locationId !== null) await assertBalanceLocation(db, auth, locationId);
  const today = asOf ?? (await todayAtLocation(db, locationId ?? auth.locationId));
  const locationIds = locationId === null ? await scopeLocationIds(db, auth) : [locationId];

  const [held, inTransit, counts, levels] = await Promise.all([
    heldByProduct(db, locationIds),
    inTransitByProduct(db, locationIds),
    lastConfirmedCounts(db, locationIds),
    levelBalances(db, locationIds),
  ]);
  const money = mayReadMoney(auth);
  const prices = money ? await priceLists(db, [...new Set(held.map((h) => h.countryId))], today) : new Map<string, PriceList>();

  const productIds = [...new Set([...held, ...inTransit, ...counts, ...levels].map((r) => r.productId))].sort((a, b) => a - b);
  const names = await productNamesById(db, locale, productIds);
  const lines = productIds.map((productId): InventoryLine => {
    const mine = held.filter((h) => h.productId === productId);
    const pooling = sum(mine.map((h) => h.pooling));
    const commission = sum(mine.map((h) => h.commission));
    const transit = inTransit.find((t) => t.productId === productId);
    const incoming = transit?.incoming ?? 0;
    const outgoing = transit?.outgoing ?? 0;
    const physical = physicalOf(counts.filter((c) => c.productId === productId));
    const productLevels = levels.filter((l) => l.productId === productId);
    const single = locationId !== null ? productLevels[0] : undefined;
    return {
      productId,
      productName: names.get(productId) ?? '',
      poolingBalance: pooling,
      commissionBalance: commission,
      creditOwes: money ? commissionValues(mine, prices) : null,
      ...physical,
      countAuditId: locationId !== null ? (counts.find((c) => c.productId === productId)?.auditId ?? null) : null,
      incoming,
      outgoing,
      expected: pooling + commission + incoming - outgoing,
      lowerLevel: single?.lowerLevel ?? null,
      upperLevel: single?.upperLevel ?? null,
      levelState: worstState(productLevels),
    };
  });

  return {
    locationId,
    all: locationId === null,
    priceDate: today,
    lines,
    totals: {
      poolingBalance: sum(lines.map((l) => l.poolingBalance)),
      commissionBalance: sum(lines.map((l) => l.commissionBalance)),
      incoming: sum(lines.map((l) => l.incoming)),
      outgoing: sum(lines.map((l) => l.outgoing)),
      expected: sum(lines.map((l) => l.expected)),
      creditOwes: money
        ? sumByCurrency(
            lines.flatMap((l) => l.creditOwes ?? []),
            ['amount'],
          )
        : null,
    },
  };
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Pooling and commission per product and country of `locationIds`, from the running totals. */
async function heldByProduct(db: Tx, locationIds: readonly number[] | null): Promise<HeldRow[]> {
  const list = await rows<HeldRow>(
    db,
    sql`SELECT b.product_id AS "productId", l.country_id AS "countryId",
          COALESCE(sum(b.quantity) FILTER (WHERE b.balance_kind = 'pooling'), 0)::int AS pooling,
          COALESCE(sum(b.quantity) FILTER (WHERE b.balance_kind = 'commission'), 0)::int AS commission
        FROM balances b JOIN locations l ON l.id = b.location_id
        WHERE ${atLocations(sql`b.location_id`, locationIds)} AND b.balance_kind IN ('pooling', 'commission')
        GROUP BY b.product_id, l.country_id ORDER BY b.product_id, l.country_id`,
  );
  return list.map((h) => ({ ...h, productId: Number(h.productId), pooling: Number(h.pooling), commission: Number(h.commission) }));
}

/** The price list in force on `day` of each country (countries without one are left out). */
async function priceLists(db: Tx, countryIds: readonly string[], day: string): Promise<Map<string, PriceList>> {
  const lists = await Promise.all(countryIds.map(async (countryId) => [countryId, await priceListFor(db, countryId, day)] as const));
  return new Map(lists.filter((entry): entry is readonly [string, PriceList] => entry[1] !== null));
}

/**
 * Credit / owes of one product: its commission balance in each country x that country's `sell`
 * price, summed per currency (a country's currency is its price list's; one price per currency).
 */
function commissionValues(held: readonly HeldRow[], prices: Map<string, PriceList>): CommissionValue[] {
  const byCurrency = new Map<string, CommissionValue>();
  for (const h of held) {
    const list = prices.get(h.countryId);
    const unitPrice = list?.products.get(h.productId)?.sell;
    if (!list || unitPrice === undefined) continue;
    const current = byCurrency.get(list.currency) ?? { currency: list.currency, unitPrice, amount: 0 };
    current.amount += lineAmount(h.commission, unitPrice);
    byCurrency.set(list.currency, current);
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The physical balance of one product: the last count (of several locations: their sum, dated by the oldest). */
function physicalOf(counts: readonly LastCount[]): Pick<InventoryLine, 'physicalBalance' | 'physicalDate'> {
  if (counts.length === 0) return { physicalBalance: null, physicalDate: null };
  return {
    physicalBalance: sum(counts.map((c) => c.countedQuantity)),
    physicalDate: counts.map((c) => c.countDate).sort()[0] ?? null,
  };
}

/** Where a product stands against its levels: below anywhere wins over above anywhere; null without levels. */
function worstState(levels: readonly LevelBalance[]): StockLevelState | null {
  if (levels.length === 0) return null;
  if (levels.some((l) => l.live === 'below')) return 'below';
  if (levels.some((l) => l.live === 'above')) return 'above';
  return 'within';
}
