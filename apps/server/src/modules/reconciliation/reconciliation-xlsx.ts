/**
 * A reconciliation as an Excel workbook (issue 22, "Export the whole reconciliation to Excel"),
 * on the reports' shared writer (reports/report-xlsx.ts): three sheets, each headed by the file,
 * the period, the locations, the tolerance and the match rate: the rows per outcome, the balance
 * change per product by the file and by the ledger, and every row (real dates and numbers).
 * Texts in the reader's language (`reconciliation.*`).
 */
import type { Writable } from 'node:stream';
import type { Locale, Reconciliation, ReconciliationRow, ReportCell, ReportColumn, ReportRow } from '@portal/domain';
import { translator } from '../../i18n.js';
import type { ReportRows } from '../reports/report-definition.js';
import { addReportSheet, openXlsxWorkbook, type XlsxHeading } from '../reports/report-xlsx.js';

/** The workbook's file name: reconciliation-<id>-<from>-<to>.xlsx. */
export const reconciliationFileName = (r: Reconciliation) => `reconciliation-${r.id}-${r.from}-${r.to}.xlsx`;

/** Rows written per batch of the rows sheet. */
const BATCH = 1000;

/** Writes `r` to `out` as an .xlsx in `locale` and ends it. */
export async function writeReconciliationXlsx(out: Writable, r: Reconciliation, locale: Locale): Promise<void> {
  const t = translator(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const filters: [string, string][] = [
    [t('reconciliation.file'), r.fileName],
    [t('reconciliation.period'), `${r.from} – ${r.to}`],
    [t('reconciliation.locations'), r.locations.map((l) => l.name).join(', ')],
    [t('reconciliation.tolerance'), t('reconciliation.toleranceDays', { count: r.toleranceDays })],
    [t('reconciliation.matchRate'), percent.format(r.matchRate / 10_000)],
    [t('reconciliation.createdBy'), `${r.createdBy}, ${r.createdAt.slice(0, 10)}`],
  ];
  const column = (key: string, type: ReportColumn['type']): ReportColumn => ({ key, type, label: t(`reconciliation.columns.${key}`) });
  const workbook = await openXlsxWorkbook(out);
  const sheet = async (title: string, columns: ReportColumn[], batches: ReportRow[][], summed: string[]) => {
    const sums: Record<string, ReportCell> = Object.fromEntries(summed.map((k) => [k, 0]));
    const heading: XlsxHeading = { title, filters, totalsLabel: t('reconciliation.total'), truncatedNote: '' };
    async function* all(): ReportRows {
      for (const batch of batches) yield batch;
      return undefined;
    }
    const add = (row: ReportRow) => {
      for (const k of summed) sums[k] = Number(sums[k]) + Number(row[k] ?? 0);
    };
    await addReportSheet(workbook, out, locale, heading, columns, all(), add, () => sums, Number.MAX_SAFE_INTEGER);
  };

  await sheet(
    t('reconciliation.summary'),
    [column('outcome', 'text'), column('count', 'integer')],
    [
      (['matched', 'different', 'fileOnly', 'portalOnly'] as const).map((o) => ({
        outcome: t(`reconciliation.outcome.${o}`),
        count: r[o],
      })),
    ],
    ['count'],
  );
  await sheet(
    t('reconciliation.products'),
    [column('product', 'text'), column('fileBalance', 'integer'), column('ledgerBalance', 'integer'), column('difference', 'integer')],
    [
      r.products.map((p) => ({
        product: p.productName,
        fileBalance: p.fileBalance,
        ledgerBalance: p.ledgerBalance,
        difference: p.difference,
      })),
    ],
    ['fileBalance', 'ledgerBalance', 'difference'],
  );
  const movement = (x: ReconciliationRow) =>
    x.orderId !== null
      ? t('reconciliation.movement.order', { id: x.orderId })
      : x.palletReceiptNumber !== null
        ? t('reconciliation.movement.receipt', { number: x.palletReceiptNumber })
        : x.ledgerEntryId !== null
          ? t('reconciliation.movement.entry', { id: x.ledgerEntryId })
          : null;
  const batches: ReportRow[][] = [];
  for (let i = 0; i < r.rows.length; i += BATCH) {
    batches.push(
      r.rows.slice(i, i + BATCH).map((x) => ({
        outcome: t(`reconciliation.outcome.${x.outcome}`),
        matchedBy: x.matchedBy ? t(`reconciliation.matchedBy.${x.matchedBy}`) : null,
        differences: x.differences.map((d) => t(`reconciliation.difference.${d}`)).join(', ') || null,
        problem: x.problem ? t(x.problem) : null,
        fileRow: x.fileRow,
        fileDate: x.fileDate,
        fileReference: x.fileReference,
        fileCounterparty: x.fileCounterparty,
        fileProduct: x.fileProduct,
        fileQuantity: x.fileQuantity,
        product: x.productName,
        location: x.locationName,
        ledgerDate: x.ledgerDate,
        movement: movement(x),
        counterparty: x.counterparty,
        ledgerQuantity: x.ledgerQuantity,
      })),
    );
  }
  await sheet(
    t('reconciliation.rows'),
    [
      column('outcome', 'text'),
      column('matchedBy', 'text'),
      column('differences', 'text'),
      column('problem', 'text'),
      column('fileRow', 'integer'),
      column('fileDate', 'text'),
      column('fileReference', 'text'),
      column('fileCounterparty', 'text'),
      column('fileProduct', 'text'),
      column('fileQuantity', 'integer'),
      column('product', 'text'),
      column('location', 'text'),
      column('ledgerDate', 'date'),
      column('movement', 'text'),
      column('counterparty', 'text'),
      column('ledgerQuantity', 'integer'),
    ],
    batches,
    ['fileQuantity', 'ledgerQuantity'],
  );
  await workbook.commit();
}
