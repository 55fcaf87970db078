/**
 * Shop accounting (spec section 2, "Shell": Menu > Shop accounting; docs/domain.md, "Reports"),
 * open to every signed-in user with the scope applied:
 * - shop transactions: what a retail store's accountant reconciles. Per retail store (location
 *   type BUT) of the scope, counterparty and product: the orders, the carriers received from and
 *   sent to that counterparty in the period, and the net; movements without an order (count
 *   corrections, opening balances) are rows of their own with the movement as counterparty, so a
 *   store's nets add up to the change of its balance over the period.
 * - retailers / wholesale transactions: the carriers between wholesalers (GRS) and retailers
 *   (BUT), with either end in the scope: per wholesaler, retailer and product, the orders,
 *   carriers delivered to the retailer, returned to the wholesaler, and the net the retailer
 *   holds from that wholesaler.
 * With the finance permission both value the net at the selling price of the price list in force
 * on `to` (`priceListFor`) of the store's (retailer's) country, excl. VAT. Both read the ledger
 * a chunk of stores (retailers) per statement (`locationChunks`; issue 20: no statement over every location).
 */
import { lineAmount, type ReportRow } from '@portal/domain';
import { rows, sql } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { PriceList } from '../invoices/price-list.js';
import { type ColumnDef, num, type ReportDefinition, type ReportRows } from './report-definition.js';
import { type LocationInfo, locationsById, productInfo, reportPriceLists } from './report-lookups.js';
import { inLocations, locationChunks, productFilter, type ReportContext } from './report-scope.js';

const moneyColumns: ColumnDef[] = [
  { key: 'unitPrice', type: 'money' },
  { key: 'netValue', type: 'money', total: true },
  { key: 'currency', type: 'currency', money: true },
];

const shopColumns: ColumnDef[] = [
  { key: 'customerName', type: 'text' },
  { key: 'locationName', type: 'text' },
  { key: 'locationNumber', type: 'text' },
  { key: 'counterpartyName', type: 'text' },
  { key: 'counterpartyCustomer', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'orders', type: 'integer', total: true },
  { key: 'quantityIn', type: 'integer', total: true },
  { key: 'quantityOut', type: 'integer', total: true },
  { key: 'net', type: 'integer', total: true },
  ...moneyColumns,
];

const retailColumns: ColumnDef[] = [
  { key: 'wholesalerName', type: 'text' },
  { key: 'retailerName', type: 'text' },
  { key: 'counterpartyCustomer', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'orders', type: 'integer', total: true },
  { key: 'quantityDelivered', type: 'integer', total: true },
  { key: 'quantityReturned', type: 'integer', total: true },
  { key: 'net', type: 'integer', total: true },
  ...moneyColumns,
];

/** The net's value at the selling price in force (money columns), or nothing. */
function valued(ctx: ReportContext, list: PriceList | null | undefined, productId: number, net: number): ReportRow {
  const price = list?.products.get(productId)?.sell;
  if (!ctx.money || !list || price === undefined) return {};
  return { unitPrice: price, netValue: lineAmount(net, price), currency: list.currency };
}

/** One store's movements with one counterparty (or of one source) and product over the period. */
interface ShopGroup {
  storeId: number;
  otherId: number | null;
  externalName: string | null;
  source: string;
  productId: number;
  orders: number;
  quantityIn: number;
  quantityOut: number;
}

/** The movements of the stores `storeIds` per counterparty (or source) and product, in store order. */
function shopGroups(ctx: ReportContext, storeIds: number[]): Promise<ShopGroup[]> {
  return rows<ShopGroup>(
    ctx.db,
    sql`SELECT e.location_id AS "storeId",
          CASE WHEN o.location_id_from = e.location_id THEN o.location_id_to ELSE o.location_id_from END AS "otherId",
          x.name AS "externalName", e.source, e.product_id AS "productId", count(DISTINCT e.order_id)::int AS orders,
          COALESCE(sum(e.quantity) FILTER (WHERE e.quantity > 0), 0)::int AS "quantityIn",
          COALESCE(-sum(e.quantity) FILTER (WHERE e.quantity < 0), 0)::int AS "quantityOut"
        FROM ledger_entries e
        LEFT JOIN orders o ON o.id = e.order_id
        LEFT JOIN external_locations x ON x.id = o.external_location_id_to AND o.location_id_from = e.location_id
        WHERE ${inLocations(sql.raw('e.location_id'), storeIds)}
          AND e.booking_date >= ${ctx.from}::date AND e.booking_date <= ${ctx.to}::date
          ${productFilter(sql.raw('e.product_id'), ctx.productId)}
          ${ctx.transactionTypeId === null ? sql`` : sql`AND o.transaction_type_id = ${ctx.transactionTypeId}`}
        GROUP BY 1, 2, 3, 4, 5
        ORDER BY 1, 2 NULLS LAST, 3, 4, 5`,
  );
}

async function* shopRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  const [locations, products] = await Promise.all([locationsById(ctx, null), productInfo(ctx.db, ctx.locale)]);
  const stores = [...locations.values()].filter((l) => l.typeId === 'BUT' && (ctx.locationIds?.includes(l.id) ?? true));
  const lists = await reportPriceLists(ctx, stores);
  for (const chunk of await locationChunks(
    ctx.db,
    stores.map((store) => store.id),
  )) {
    const list: ReportRow[] = [];
    for (const g of await shopGroups(ctx, chunk)) {
      const store = locations.get(num(g.storeId)) as LocationInfo;
      const other = g.otherId === null ? undefined : locations.get(num(g.otherId));
      const net = num(g.quantityIn) - num(g.quantityOut);
      list.push({
        customerName: store.customerName,
        locationName: store.name,
        locationNumber: store.number,
        counterpartyName:
          other?.name ?? g.externalName ?? (g.source === 'order' ? null : t(`reports.movements.${g.source}`, { defaultValue: g.source })),
        counterpartyCustomer: other?.customerName ?? null,
        productName: products.get(num(g.productId))?.name ?? '',
        orders: num(g.orders),
        quantityIn: num(g.quantityIn),
        quantityOut: num(g.quantityOut),
        net,
        ...valued(ctx, lists.get(store.countryId), num(g.productId), net),
      });
    }
    yield list;
  }
  return undefined;
}

/** The carriers between one wholesaler and one retailer of one product over the period. */
interface RetailGroup {
  wholesalerId: number;
  retailerId: number;
  productId: number;
  orders: number;
  delivered: number;
  returned: number;
}

/** The wholesale movements booked at the retailers `retailerIds` (either end in the scope). */
function retailGroups(ctx: ReportContext, retailerIds: number[]): Promise<RetailGroup[]> {
  // Booked at the retailer's end: one entry per order line, + when it received, - when it returned.
  return rows<RetailGroup>(
    ctx.db,
    sql`SELECT CASE WHEN lf.type_id = 'GRS' THEN lf.id ELSE lt.id END AS "wholesalerId", e.location_id AS "retailerId",
          e.product_id AS "productId", count(DISTINCT e.order_id)::int AS orders,
          COALESCE(sum(e.quantity) FILTER (WHERE e.quantity > 0), 0)::int AS delivered,
          COALESCE(-sum(e.quantity) FILTER (WHERE e.quantity < 0), 0)::int AS returned
        FROM ledger_entries e
        JOIN orders o ON o.id = e.order_id
        JOIN locations lf ON lf.id = o.location_id_from
        JOIN locations lt ON lt.id = o.location_id_to
        WHERE e.source = 'order' AND ${inLocations(sql.raw('e.location_id'), retailerIds)}
          AND e.booking_date >= ${ctx.from}::date AND e.booking_date <= ${ctx.to}::date
          AND ((lf.type_id = 'GRS' AND lt.type_id = 'BUT' AND e.location_id = lt.id)
            OR (lf.type_id = 'BUT' AND lt.type_id = 'GRS' AND e.location_id = lf.id))
          AND (${inLocations(sql.raw('o.location_id_from'), ctx.locationIds)} OR ${inLocations(sql.raw('o.location_id_to'), ctx.locationIds)})
          ${productFilter(sql.raw('e.product_id'), ctx.productId)}
          ${ctx.transactionTypeId === null ? sql`` : sql`AND o.transaction_type_id = ${ctx.transactionTypeId}`}
        GROUP BY 1, 2, 3`,
  );
}

async function* retailRows(ctx: ReportContext): ReportRows {
  const [locations, products] = await Promise.all([locationsById(ctx, null), productInfo(ctx.db, ctx.locale)]);
  const retailerIds = [...locations.values()].filter((l) => l.typeId === 'BUT').map((l) => l.id);
  const groups: RetailGroup[] = [];
  for (const chunk of await locationChunks(ctx.db, retailerIds)) groups.push(...(await retailGroups(ctx, chunk)));
  // By wholesaler, then retailer and product (read by retailer).
  groups.sort(
    (a, b) => num(a.wholesalerId) - num(b.wholesalerId) || num(a.retailerId) - num(b.retailerId) || num(a.productId) - num(b.productId),
  );
  const retailers = groups.map((g) => locations.get(num(g.retailerId))).filter((l): l is LocationInfo => !!l);
  const lists = await reportPriceLists(ctx, retailers);
  const list: ReportRow[] = [];
  for (const g of groups) {
    const wholesaler = locations.get(num(g.wholesalerId));
    const retailer = locations.get(num(g.retailerId));
    if (!wholesaler || !retailer) continue;
    const net = num(g.delivered) - num(g.returned);
    list.push({
      wholesalerName: wholesaler.name,
      retailerName: retailer.name,
      counterpartyCustomer: retailer.customerName,
      productName: products.get(num(g.productId))?.name ?? '',
      orders: num(g.orders),
      quantityDelivered: num(g.delivered),
      quantityReturned: num(g.returned),
      net,
      ...valued(ctx, lists.get(retailer.countryId), num(g.productId), net),
    });
  }
  yield list;
  return undefined;
}

export const shopTransactionsReport: ReportDefinition = { area: 'shop', columns: () => shopColumns, rows: shopRows };
export const retailTransactionsReport: ReportDefinition = { area: 'shop', columns: () => retailColumns, rows: retailRows };
