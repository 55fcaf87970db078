/**
 * A report as CSV for another system (issue 23, "Bulk feeds"; docs/integrations.md, "CSV feeds"):
 * RFC 4180 (comma-separated, fields quoted where needed, CRLF line ends), UTF-8 without a byte
 * order mark, a header row of the columns' keys (stable names, never translated), then one line
 * per row with the same values as the JSON answer: quantities and money as integers (money in
 * minor units, beside the row's `currency`), dates yyyy-MM-dd, instants ISO 8601 in UTC, booleans
 * true/false, decimals with a point, empty for none. Money columns only for callers who may see
 * money, as in JSON. Written with csv-stringify as the rows are read, a batch at a time, so a
 * report of any length streams with flat memory; no row limit and no totals row (a machine sums).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ReportColumn, ReportRow } from '@portal/domain';
import { stringify } from 'csv-stringify';
import type { PreparedReport } from './get-report.js';

/** The file name of a report's CSV: `<report>-<from>-<to>.csv` (the report's key, as in the URL). */
export function reportCsvFileName(prepared: PreparedReport): string {
  return `${prepared.ctx.report}-${prepared.ctx.from}-${prepared.ctx.to}.csv`;
}

/** Keeps the visible columns of a row (money never leaves without the permission). */
function project(columns: ReportColumn[], row: ReportRow): ReportRow {
  const out: ReportRow = {};
  for (const c of columns) out[c.key] = row[c.key] ?? null;
  return out;
}

/** Streams the report's rows as CSV on `out`, waiting for `out` whenever it is full. */
export async function exportReportCsv(prepared: PreparedReport, out: Writable): Promise<void> {
  const { ctx, columns } = prepared;
  const csv = stringify({
    header: true,
    columns: columns.map((c) => ({ key: c.key, header: c.key })),
    record_delimiter: 'windows',
    cast: { boolean: (value) => (value ? 'true' : 'false') },
  });
  csv.pipe(out);
  for await (const batch of prepared.definition.rows(ctx)) {
    for (const row of batch) if (!csv.write(project(columns, row))) await once(csv, 'drain');
  }
  csv.end();
  await once(csv, 'end');
}
