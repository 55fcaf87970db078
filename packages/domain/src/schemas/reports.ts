/**
 * Reports (spec sections 2 and 3, "Report columns"; issue 8; docs/domain.md, "Reports"):
 * GET Reports/{report} answers a table of columns, rows and totals, or the same table as an
 * Excel workbook (`format=xlsx`).
 */
import { z } from 'zod';
import { addPlainDays } from '../plain-date.js';
import { queryId, queryInteger, ZPlainDate } from './common.js';

/** The reports of Menu > Reports and Menu > Shop accounting, by their name in the call's path. */
export const reportNames = [
  'transactions',
  'pooling',
  'commissions',
  'locations',
  'purchases',
  'users',
  'shop-transactions',
  'retail-transactions',
] as const;
export type ReportName = (typeof reportNames)[number];

/** The Shop accounting reports: open to every signed-in user (their scope still applies); the others need the Reports area. */
export const shopAccountingReports: readonly ReportName[] = ['shop-transactions', 'retail-transactions'];

/**
 * What a column holds: `text`; `id` (an order, customer, location or user number: a whole number
 * shown without grouping); `integer` (carriers); `date` (yyyy-MM-dd); `datetime` (an
 * ISO 8601 instant); `money` (integer minor units of the row's `currency` column); `currency`
 * (ISO 4217 code); `boolean`; `percent` (a fraction, 0.25 = 25 %).
 */
export const reportColumnTypes = ['text', 'id', 'integer', 'date', 'datetime', 'money', 'currency', 'boolean', 'percent'] as const;
export type ReportColumnType = (typeof reportColumnTypes)[number];

/** A report's column: its key in the rows, its type and its label in the caller's language. */
export const ZReportColumn = z.object({
  key: z.string(),
  type: z.enum(reportColumnTypes),
  label: z.string(),
});
export type ReportColumn = z.infer<typeof ZReportColumn>;

/** One cell: text, a number (integer carriers or minor units), a boolean, or null (empty; written on the text). */
export const ZReportCell = z.union([z.string().nullable(), z.number(), z.boolean()]);
export type ReportCell = z.infer<typeof ZReportCell>;
export type ReportRow = Record<string, ReportCell>;

/**
 * A report (GET Reports/{report}): `columns` in order; `rows`, each keyed by the columns' keys;
 * `totals` of the summable columns (quantities; money only when every row has one currency,
 * which `totals.currency` then names). Money columns are there only for callers who may see
 * money (spec section 6, finance-report permission).
 */
export const ZReport = z.object({
  report: z.enum(reportNames),
  from: z.string(),
  to: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), ZReportCell)),
  totals: z.record(z.string(), ZReportCell),
});
export type Report = z.infer<typeof ZReport>;

/** Path of GET Reports/{report}. */
export const ZReportParams = z.object({ report: z.enum(reportNames) });

/** Most rows a report answers as JSON (the screens); the Excel export takes more. */
export const REPORT_MAX_ROWS = 200_000;
/** Most rows of an Excel export: one sheet holds 1,048,576 rows with the filters and the header above. */
export const REPORT_MAX_XLSX_ROWS = 1_000_000;

/**
 * The longest period of a report, in days from `from` to `to` (issue 20: one report of centuries
 * held the server for minutes): two years and a day, as GET BalanceHistory
 * (`BALANCE_HISTORY_MAX_DAYS`), so a screen may always compare a month with the same month two
 * years before. The report screens' date pickers keep to it too.
 */
export const REPORT_MAX_DAYS = 731;

/** Whether `from`-`to` (yyyy-MM-dd) is longer than a report may cover (`REPORT_MAX_DAYS`). */
export function reportPeriodTooLong(from: string, to: string): boolean {
  return to > addPlainDays(from, REPORT_MAX_DAYS);
}

/**
 * The period of a report call with its defaults (docs/domain.md, "Reports"): `to` today (or
 * `from` when that is later), `from` the first day of `to`'s year. `today` is yyyy-MM-dd.
 */
export function reportPeriod(query: { from?: string | undefined; to?: string | undefined }, today: string): { from: string; to: string } {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  return { from: query.from ?? `${to.slice(0, 4)}-01-01`, to };
}

/**
 * Query of GET Reports/{report}: the period `from`-`to` (yyyy-MM-dd, both inclusive, from <= to,
 * at most `REPORT_MAX_DAYS` apart; default: the current year up to today), and filters that
 * narrow the caller's scope: `locationId`, `customerId`, `productId`, `transactionTypeId` (1
 * purchase, 2 sale, 3 delivery; the order reports). A filter outside the scope answers 404.
 * `format=xlsx` answers the workbook instead of JSON, `format=csv` the rows as CSV for another
 * system (docs/integrations.md, "CSV feeds"). A period too long answers 400 with
 * `validation.dateRangeTooLong` on `from` (also when `to` is left out and today is too far).
 */
export const ZReportQuery = z
  .object({
    from: ZPlainDate.optional(),
    to: ZPlainDate.optional(),
    locationId: queryId.optional(),
    customerId: queryId.optional(),
    productId: queryId.optional(),
    transactionTypeId: queryInteger(1, 3).optional(),
    format: z.enum(['json', 'xlsx', 'csv'], { message: 'validation.invalid' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'validation.dateRange', path: ['to'] })
  // Object refinements run even when a field failed (Zod 4): only real dates are compared.
  .refine((q) => !q.from || !q.to || !ZPlainDate.safeParse(q.from).success || !reportPeriodTooLong(q.from, q.to), {
    message: 'validation.dateRangeTooLong',
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof ZReportQuery>;
