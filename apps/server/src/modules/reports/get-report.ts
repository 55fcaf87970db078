/**
 * GET Reports/{report} (issue 8, "Reports"; docs/domain.md, "Reports"): access first (the Reports
 * menu area, except the two Shop accounting reports, which every signed-in user opens), then the
 * caller's scope narrowed by the filters (404 outside), then the report's rows: collected as
 * `{ columns, rows, totals }`, or streamed into an Excel workbook.
 */
import type { Writable } from 'node:stream';
import {
  AppErrorCode,
  type Locale,
  REPORT_MAX_ROWS,
  REPORT_MAX_XLSX_ROWS,
  type ReportCell,
  type ReportColumn,
  type ReportName,
  type ReportQuery,
  type ReportRow,
} from '@portal/domain';
import { rows as readRows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { formatPlainDate, translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { commissionsReport } from './commissions-report.js';
import { locationsReport } from './locations-report.js';
import { poolingReport } from './pooling-report.js';
import { purchasesReport } from './purchases-report.js';
import type { ReportDefinition } from './report-definition.js';
import { visibleColumns } from './report-definition.js';
import { productInfo } from './report-lookups.js';
import { type ReportContext, reportContext } from './report-scope.js';
import { writeReportXlsx } from './report-xlsx.js';
import { retailTransactionsReport, shopTransactionsReport } from './shop-reports.js';
import { transactionsReport } from './transactions-report.js';
import { usersReport } from './users-report.js';

/** Every report by its name in the path. */
export const reportDefinitions: Record<ReportName, ReportDefinition> = {
  transactions: transactionsReport,
  pooling: poolingReport,
  commissions: commissionsReport,
  locations: locationsReport,
  purchases: purchasesReport,
  users: usersReport,
  'shop-transactions': shopTransactionsReport,
  'retail-transactions': retailTransactionsReport,
};

/** A report call whose access and scope are settled: what is left is reading its rows. */
export interface PreparedReport {
  ctx: ReportContext;
  definition: ReportDefinition;
  columns: ReportColumn[];
}

/**
 * Checks access and resolves the scope of a report call.
 * @throws FORBIDDEN (403) when the report needs the Reports area and the caller's menu lacks it;
 *   NOT_FOUND (404) when a filter names a location, customer or product outside the caller's scope
 */
export async function prepareReport(
  db: Tx,
  auth: AuthContext,
  locale: Locale,
  report: ReportName,
  query: ReportQuery,
): Promise<PreparedReport> {
  const definition = reportDefinitions[report];
  if (definition.area === 'reports') await requireArea(db, auth, 'reports');
  const ctx = await reportContext(db, auth, locale, report, query);
  const t = translator(locale);
  const columns = visibleColumns(definition.columns(ctx), ctx.money).map((c) => ({
    key: c.key,
    type: c.type,
    label: t(`reports.columns.${c.key}`),
  }));
  return { ctx, definition, columns };
}

/**
 * Sums the columns that have totals as rows go by: quantities always; money only while every
 * row has the same currency (`currency` names it then).
 */
function totalsOf(prepared: PreparedReport) {
  const summed = prepared.definition
    .columns(prepared.ctx)
    .filter((c) => c.total && prepared.columns.some((v) => v.key === c.key))
    .map((c) => c.key);
  const moneyKeys = new Set(prepared.columns.filter((c) => c.type === 'money').map((c) => c.key));
  const sums: Record<string, number> = Object.fromEntries(summed.map((key) => [key, 0]));
  const currencies = new Set<string>();
  return {
    add(row: ReportRow) {
      for (const key of summed) {
        const value = row[key];
        if (typeof value === 'number') sums[key] = (sums[key] ?? 0) + value;
      }
      if (typeof row.currency === 'string') currencies.add(row.currency);
    },
    /** A batch's sums of the summed columns, made elsewhere (a report that writes its rows as JSON). */
    addSums(batch: Record<string, number>) {
      for (const key of summed) sums[key] = (sums[key] ?? 0) + (batch[key] ?? 0);
    },
    result(extra: Record<string, ReportCell> | undefined): Record<string, ReportCell> {
      const result: Record<string, ReportCell> = { ...sums };
      for (const [key, value] of Object.entries(extra ?? {})) if (key in result) result[key] = value;
      if (moneyKeys.size > 0) {
        if (currencies.size === 1) result.currency = [...currencies][0] as string;
        else for (const key of moneyKeys) delete result[key];
      }
      return result;
    },
  };
}

/** Keeps only the keys of the visible columns (money never leaves for a caller without the finance permission). */
function project(columns: ReportColumn[], row: ReportRow): ReportRow {
  const out: ReportRow = {};
  for (const c of columns) out[c.key] = row[c.key] ?? null;
  return out;
}

/**
 * The report as the JSON body of the answer, `{ "data": Report }`, serialized a batch at a time
 * as the rows come (while the next batch is read), so a report of 100,000 rows never waits for
 * one large serialization at the end (bench/reports). A report whose rows the database writes as
 * JSON (`ReportDefinition.json`: the transactions report) has its text passed on as it comes,
 * without an object per row. Answered as the parts of the text in order, which the route sends as
 * a stream: joining the global admin's 14 MB into one string, and that into one buffer, held the
 * server for half a second at the end (issue 20).
 * @throws REPORT_TOO_LARGE (400) past REPORT_MAX_ROWS rows (the Excel export takes more)
 */
export async function reportJson(prepared: PreparedReport): Promise<string[]> {
  const { ctx, columns } = prepared;
  const totals = totalsOf(prepared);
  const chunks: string[] = [];
  let count = 0;
  const tooLarge = () => new AppError(AppErrorCode.REPORT_TOO_LARGE, { max: REPORT_MAX_ROWS });
  let extra: Record<string, ReportCell> | undefined;
  if (prepared.definition.json) {
    // Rows the database wrote as JSON: passed on as they come.
    const batches = prepared.definition.json(ctx);
    let result = await batches.next();
    while (!result.done) {
      count += result.value.count;
      if (count > REPORT_MAX_ROWS) {
        await batches.return(undefined);
        throw tooLarge();
      }
      totals.addSums(result.value.sums);
      if (result.value.count) chunks.push(result.value.json);
      result = await batches.next();
    }
    extra = result.value;
  } else {
    const rows = prepared.definition.rows(ctx);
    let result = await rows.next();
    while (!result.done) {
      // Every row with every visible column (null when empty) and nothing else (no money without the permission).
      const batch = result.value.map((row) => project(columns, row));
      for (const row of batch) totals.add(row);
      count += batch.length;
      if (count > REPORT_MAX_ROWS) {
        await rows.return(undefined);
        throw tooLarge();
      }
      if (batch.length) chunks.push(JSON.stringify(batch).slice(1, -1));
      result = await rows.next();
    }
    extra = result.value;
  }
  const head = JSON.stringify({ report: ctx.report, from: ctx.from, to: ctx.to, columns });
  const rows = chunks.flatMap((chunk, index) => (index === 0 ? [chunk] : [',', chunk]));
  return [`{"data":${head.slice(0, -1)},"rows":[`, ...rows, `],"totals":${JSON.stringify(totals.result(extra))}}}`];
}

/** The filters of a report call as label and value in the caller's language, for the workbook's first rows. */
async function filterLines(ctx: ReportContext, query: ReportQuery): Promise<[string, string][]> {
  const t = translator(ctx.locale);
  const all = t('reports.filters.all');
  const nameOf = async (table: 'locations' | 'customers', id: number | undefined) => {
    if (id === undefined) return all;
    const [row] = await readRows<{ name: string }>(ctx.db, sql`SELECT name FROM ${sql.raw(table)} WHERE id = ${id}`);
    return row?.name ?? String(id);
  };
  const product = ctx.productId === null ? all : ((await productInfo(ctx.db, ctx.locale)).get(ctx.productId)?.name ?? '');
  return [
    [t('reports.filters.period'), `${formatPlainDate(ctx.from, ctx.locale)} – ${formatPlainDate(ctx.to, ctx.locale)}`],
    [t('reports.filters.scope'), t(`reports.reportLevels.${ctx.auth.user.isGlobalAdmin ? 4 : ctx.auth.user.reportLevel}`)],
    [t('reports.filters.customerId'), await nameOf('customers', query.customerId)],
    [t('reports.filters.locationId'), await nameOf('locations', query.locationId)],
    [t('reports.filters.productId'), product],
    [t('reports.filters.transactionTypeId'), ctx.transactionTypeId === null ? all : t(`reports.orderKinds.${ctx.transactionTypeId}`)],
    [t('reports.filters.created'), new Date().toISOString().slice(0, 16).replace('T', ' ')],
  ];
}

/** The translated file name of a report's workbook: `<report>-<from>-<to>.xlsx`. */
export function reportFileName(ctx: ReportContext): string {
  return `${translator(ctx.locale)(`reports.files.${ctx.report}`)}-${ctx.from}-${ctx.to}.xlsx`;
}

/** Streams the report into an Excel workbook on `out` (at most REPORT_MAX_XLSX_ROWS rows, then a note). */
export async function exportReportXlsx(prepared: PreparedReport, query: ReportQuery, out: Writable): Promise<void> {
  const { ctx, columns } = prepared;
  const t = translator(ctx.locale);
  const totals = totalsOf(prepared);
  const heading = {
    title: t(`reports.titles.${ctx.report}`),
    filters: await filterLines(ctx, query),
    totalsLabel: t('reports.filters.totals'),
    truncatedNote: t('errors.REPORT_TOO_LARGE', { max: REPORT_MAX_XLSX_ROWS }),
  };
  await writeReportXlsx(
    out,
    ctx.locale,
    heading,
    columns,
    prepared.definition.rows(ctx),
    (row) => totals.add(row),
    (extra) => totals.result(extra),
    REPORT_MAX_XLSX_ROWS,
  );
}
