/**
 * The pooling report (issue 8, "Reports"; docs/domain.md, "Reports"): per location and product of
 * the pooling account, the balance at `from`, carriers in and out, and the balance at `to`. With
 * the finance permission, the pool's fees of the period at the price list in force on `to` of the
 * location's country (`priceListFor`; docs/invoicing.md): receiver fee per carrier received by an
 * order, trip fee per carrier sent by an order, and day hire per carrier-day of the balance beyond
 * the free days of each receipt (`chargeableCarrierDays`, day-hire.ts). Provider depots pay no fees.
 */
import { chargeableCarrierDays, lineAmount, type ReportRow } from '@portal/domain';
import { type AccountRow, accountRowBatches } from './account-movements.js';
import type { ColumnDef, ReportDefinition, ReportRows } from './report-definition.js';
import type { ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'customerName', type: 'text' },
  { key: 'locationName', type: 'text' },
  { key: 'locationNumber', type: 'text' },
  { key: 'productName', type: 'text' },
  { key: 'productType', type: 'text' },
  { key: 'openingBalance', type: 'integer', total: true },
  { key: 'quantityIn', type: 'integer', total: true },
  { key: 'quantityOut', type: 'integer', total: true },
  { key: 'closingBalance', type: 'integer', total: true },
  { key: 'receiverFee', type: 'money', total: true },
  { key: 'tripFee', type: 'money', total: true },
  { key: 'dayHireDays', type: 'integer', total: true, money: true },
  { key: 'dayHire', type: 'money', total: true },
  { key: 'fee', type: 'money', total: true },
  { key: 'currency', type: 'currency', money: true },
];

/** A report row of one location and product's pooling account. */
function poolingRow(ctx: ReportContext, { movement: m, location, product, priceList }: AccountRow): ReportRow {
  const row: ReportRow = {
    customerName: location.customerName,
    locationName: location.name,
    locationNumber: location.number,
    productName: product.name,
    productType: product.typeName,
    openingBalance: m.opening,
    quantityIn: m.quantityIn,
    quantityOut: m.quantityOut,
    closingBalance: m.closing,
  };
  const fees = location.typeId === 'NLP' ? undefined : priceList?.fees.get(product.carrierTypeId);
  if (ctx.money && priceList && fees) {
    const days = chargeableCarrierDays(m, ctx.from, ctx.to, fees.freeDays);
    const receiverFee = lineAmount(m.orderIn, fees.receiverFee);
    const tripFee = lineAmount(m.orderOut, fees.tripFee);
    const dayHire = lineAmount(days, fees.dayHire);
    Object.assign(row, {
      receiverFee,
      tripFee,
      dayHireDays: days,
      dayHire,
      fee: receiverFee + tripFee + dayHire,
      currency: priceList.currency,
    });
  }
  return row;
}

async function* poolingRows(ctx: ReportContext): ReportRows {
  for await (const batch of accountRowBatches(ctx, 'pooling')) yield batch.map((row) => poolingRow(ctx, row));
  return undefined;
}

export const poolingReport: ReportDefinition = { area: 'reports', columns: () => columns, rows: poolingRows };
