/**
 * The commission report (issue 8, "Reports"; docs/domain.md, "Reports"): per location and product
 * of the commission account, the balance at `from`, carriers in and out, and the balance at `to`.
 * With the finance permission, the balance's value at the provider's selling price in force on
 * `to` (`priceListFor`, the location's country and currency; docs/invoicing.md): the amount
 * excl. VAT, positive when the customer has carriers to its credit, negative when it owes them.
 */
import { lineAmount, type ReportRow } from '@portal/domain';
import { translator } from '../../i18n.js';
import { type AccountRow, accountRowBatches } from './account-movements.js';
import type { ColumnDef, ReportDefinition, ReportRows } from './report-definition.js';
import type { ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'customerId', type: 'id' },
  { key: 'customerName', type: 'text' },
  { key: 'locationId', type: 'id' },
  { key: 'locationName', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'productType', type: 'text' },
  { key: 'openingBalance', type: 'integer', total: true },
  { key: 'quantityIn', type: 'integer', total: true },
  { key: 'quantityOut', type: 'integer', total: true },
  { key: 'balance', type: 'integer', total: true },
  { key: 'unitPrice', type: 'money' },
  { key: 'amountExclVat', type: 'money', total: true },
  { key: 'position', type: 'text', money: true },
  { key: 'currency', type: 'currency', money: true },
];

/** A report row of one location and product's commission account. */
function commissionRow(
  ctx: ReportContext,
  t: ReturnType<typeof translator>,
  { movement: m, location, product, priceList }: AccountRow,
): ReportRow {
  const row: ReportRow = {
    customerId: location.customerId,
    customerName: location.customerName,
    locationId: location.id,
    locationName: location.name,
    productName: product.name,
    productType: product.typeName,
    openingBalance: m.opening,
    quantityIn: m.quantityIn,
    quantityOut: m.quantityOut,
    balance: m.closing,
  };
  const price = priceList?.products.get(m.productId)?.sell;
  if (ctx.money && priceList && price !== undefined) {
    const amount = lineAmount(m.closing, price);
    Object.assign(row, {
      unitPrice: price,
      amountExclVat: amount,
      position: amount === 0 ? null : t(`reports.position.${amount > 0 ? 'credit' : 'owes'}`),
      currency: priceList.currency,
    });
  }
  return row;
}

async function* commissionRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  for await (const batch of accountRowBatches(ctx, 'commission')) yield batch.map((row) => commissionRow(ctx, t, row));
  return undefined;
}

export const commissionsReport: ReportDefinition = { area: 'reports', columns: () => columns, rows: commissionRows };
