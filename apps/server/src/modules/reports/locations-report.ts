/**
 * The locations report (issue 8, "Reports"; docs/domain.md, "Reports"): the locations of the
 * report's scope with their customer, number, GLN, type, status and schemes, and their pooling
 * and commission balances at the end of `to` (of one product with the product filter), from the
 * running totals minus a range read of the ledger.
 */
import { addPlainDays, type ReportRow } from '@portal/domain';
import { translator } from '../../i18n.js';
import type { ColumnDef, ReportDefinition, ReportRows } from './report-definition.js';
import { balancesBefore, locationsById } from './report-lookups.js';
import type { ReportContext } from './report-scope.js';

const columns: ColumnDef[] = [
  { key: 'customerId', type: 'id' },
  { key: 'customerName', type: 'text' },
  { key: 'locationId', type: 'id' },
  { key: 'locationName', type: 'text' },
  { key: 'locationNumber', type: 'text' },
  { key: 'gln', type: 'text' },
  { key: 'locationType', type: 'text' },
  { key: 'status', type: 'text' },
  { key: 'schemes', type: 'text' },
  { key: 'poolingBalance', type: 'integer', total: true },
  { key: 'commissionBalance', type: 'integer', total: true },
];

async function* locationRows(ctx: ReportContext): ReportRows {
  const t = translator(ctx.locale);
  const [locations, balances] = await Promise.all([locationsById(ctx), balancesBefore(ctx, addPlainDays(ctx.to, 1))]);
  const totals = new Map<number, { pooling: number; commission: number }>();
  for (const b of balances) {
    const sums = totals.get(b.locationId) ?? { pooling: 0, commission: 0 };
    sums[b.kind] += b.quantity;
    totals.set(b.locationId, sums);
  }
  const list: ReportRow[] = [];
  for (const l of locations.values()) {
    const schemes = (
      [
        ['pooling', l.isPooling],
        ['commission', l.isCommission],
        ['returns', l.isReturnScheme],
        ['dispatch', l.isDispatch],
      ] as const
    )
      .filter(([, on]) => on)
      .map(([scheme]) => t(`reports.schemes.${scheme}`));
    list.push({
      customerId: l.customerId,
      customerName: l.customerName,
      locationId: l.id,
      locationName: l.name,
      locationNumber: l.number,
      gln: l.gln,
      locationType: t(`reports.locationTypes.${l.typeId}`, { defaultValue: l.typeId }),
      status: t(`reports.locationStatus.${l.statusId}`, { defaultValue: String(l.statusId) }),
      schemes: schemes.join(', '),
      poolingBalance: totals.get(l.id)?.pooling ?? 0,
      commissionBalance: totals.get(l.id)?.commission ?? 0,
    });
  }
  yield list;
  return undefined;
}

export const locationsReport: ReportDefinition = { area: 'reports', columns: () => columns, rows: locationRows };
