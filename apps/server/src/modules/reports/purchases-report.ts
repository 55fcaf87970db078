/**
 * The purchases report (issue 8, "Reports"; docs/domain.md, "Reports"): the purchase orders
 * (kind 1, drafts left out) of the report's locations as buyers, sent in the period, one row per
 * order line: order number, send and receive date, status, buyer, depot, product, quantity
 * ordered and delivered. With the finance permission: the unit price excl. VAT (the order's own
 * price when the provider set one, else the selling price of the price list in force on `to` of
 * the buyer's country; docs/invoicing.md), the amount excl. VAT of the final quantity, the VAT at
 * the buyer's country's rate on the day of supply (received, else sent; `vatRateBp`, `vatAmount`)
 * and the amount incl. VAT. Cancelled and replaced orders carry no amounts.
 */
import { type Country, lineAmount, type ReportRow, vatAmount, vatRateBp } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.js';
import { translator } from '../../i18n.js';
import { finalQuantitySql } from '../orders/ledger.js';
import { type ColumnDef, num, type ReportDefinition, type ReportRows } from './report-definition.js';
import { locationsById, productInfo, reportPriceLists } from './report-lookups.js';
import { productFilter, type ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'orderId', type: 'id' },
  { key: 'dateSend', type: 'date' },
  { key: 'dateReceive', type: 'date' },
  { key: 'orderStatus', type: 'text' },
  { key: 'customerName', type: 'text' },
  { key: 'locationName', type: 'text' },
  { key: 'fromName', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'productType', type: 'text' },
  { key: 'quantityOrdered', type: 'integer', total: true },
  { key: 'quantityDelivered', type: 'integer', total: true },
  { key: 'unitPrice', type: 'money' },
  { key: 'amountExclVat', type: 'money', total: true },
  { key: 'vat', type: 'money', total: true },
  { key: 'amountInclVat', type: 'money', total: true },
  { key: 'currency', type: 'currency', money: true },
];

interface LineRow {
  orderId: number;
  lineId: number;
  dateSend: string;
  dateReceive: string | null;
  statusId: number;
  fromId: number;
  productId: number;
  ordered: number;
  delivered: number | null;
  final: number;
  price: number | null;
  currency: string | null;
}

async function* purchaseRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  const [locations, allLocations, products] = await Promise.all([
    locationsById(ctx),
    locationsById(ctx, null),
    productInfo(ctx.db, ctx.locale),
  ]);
  const lists = await reportPriceLists(ctx, locations.values());
  for (const location of locations.values()) {
    let after: { day: string; orderId: number; lineId: number } | null = null;
    for (;;) {
      const lines: LineRow[] = await rows<LineRow>(
        ctx.db,
        sql`SELECT o.id AS "orderId", ol.id AS "lineId", o.date_send::text AS "dateSend", o.date_receive::text AS "dateReceive",
              o.transaction_status_id AS "statusId", o.location_id_from AS "fromId", ol.product_id AS "productId",
              ol.quantity_ordered AS ordered, ol.quantity_delivered AS delivered, ${finalQuantitySql} AS final,
              o.price, o.currency
            FROM orders o JOIN order_lines ol ON ol.order_id = o.id
            WHERE o.location_id_to = ${location.id} AND o.transaction_type_id = 1 AND o.transaction_status_id <> 0
              AND o.date_send >= ${ctx.from}::date AND o.date_send <= ${ctx.to}::date
              ${productFilter(sql.raw('ol.product_id'), ctx.productId)}
              ${after ? sql`AND (o.date_send, o.id, ol.id) > (${after.day}::date, ${after.orderId}, ${after.lineId})` : sql``}
            ORDER BY o.date_send, o.id, ol.id
            LIMIT ${ctx.batchRows}`,
      );
      const priceList = lists.get(location.countryId);
      const batch: ReportRow[] = lines.map((line) => {
        const product = products.get(num(line.productId));
        const row: ReportRow = {
          orderId: num(line.orderId),
          dateSend: line.dateSend,
          dateReceive: line.dateReceive,
          orderStatus: t(`status.${line.statusId}`),
          customerName: location.customerName,
          locationName: location.name,
          fromName: allLocations.get(num(line.fromId))?.name ?? null,
          productName: product?.name ?? '',
          productType: product?.typeName ?? '',
          quantityOrdered: num(line.ordered),
          quantityDelivered: line.delivered === null ? null : num(line.delivered),
        };
        const ownPrice = line.price === null ? null : num(line.price);
        const unitPrice = ownPrice ?? priceList?.products.get(num(line.productId))?.sell ?? null;
        const currency = ownPrice !== null ? (line.currency ?? location.currency) : (priceList?.currency ?? null);
        if (ctx.money && unitPrice !== null && num(line.statusId) !== 7 && num(line.statusId) !== 8) {
          const excl = lineAmount(num(line.final), unitPrice);
          const vat = vatAmount(excl, vatRateBp(location.countryId as Country, line.dateReceive ?? line.dateSend));
          Object.assign(row, { unitPrice, amountExclVat: excl, vat, amountInclVat: excl + vat, currency });
        }
        return row;
      });
      if (batch.length) yield batch;
      const last = lines.at(-1);
      if (!last || lines.length < ctx.batchRows) break;
      after = { day: last.dateSend, orderId: num(last.orderId), lineId: num(last.lineId) };
    }
  }
  return undefined;
}

export const purchasesReport: ReportDefinition = { area: 'reports', columns: () => columns, rows: purchaseRows };
