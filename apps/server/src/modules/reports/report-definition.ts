/**
 * What every report is made of (docs/domain.md, "Reports"): its columns, and its rows produced
 * in batches, so a large report is read from the database and written to Excel a batch at a
 * time (memory stays flat as rows grow).
 */
import type { ReportCell, ReportColumnType, ReportRow } from '@portal/domain';
import type { ReportContext } from './report-scope.js';

/** A column of a report, before its label is translated. */
export interface ColumnDef {
  /** Key in the rows; the label is `reports.columns.<key>` of the messages catalogue. */
  key: string;
  type: ReportColumnType;
  /** Whether the totals row sums it (quantities, money). */
  total?: boolean;
  /** Only for callers who may see money (every `money` column is; `currency` and prices may be marked too). */
  money?: boolean;
}

/**
 * The rows of a report, a batch at a time. The generator's return value may set totals the
 * column sums cannot give (e.g. the transactions' balance: the closing balances, not a sum of
 * running balances).
 */
export type ReportRows = AsyncGenerator<ReportRow[], Record<string, ReportCell> | undefined>;

/**
 * A batch of rows already written as JSON: `json` is the rows as JSON objects (every column of
 * the report, in its order), comma-separated without the brackets; `count` how many; `sums` the
 * batch's sums of the columns with totals.
 */
export interface JsonBatch {
  json: string;
  count: number;
  sums: Record<string, number>;
}

/** The rows of a report as JSON text, a batch at a time; the return value as `ReportRows`'. */
export type JsonRows = AsyncGenerator<JsonBatch, Record<string, ReportCell> | undefined>;

/**
 * Rows of JSON batches as objects (the Excel export's view of a report that writes JSON). Each
 * batch's text is let go as soon as it is parsed, so it dies young (bench/reports).
 */
export async function* rowsFromJson(batches: JsonRows): ReportRows {
  let finished = false;
  try {
    for (;;) {
      let step: IteratorResult<JsonBatch, Record<string, ReportCell> | undefined> | null = await batches.next();
      if (step.done) {
        finished = true;
        return step.value;
      }
      const list = JSON.parse(`[${step.value.json}]`) as ReportRow[];
      step = null;
      yield list;
    }
  } finally {
    if (!finished) await batches.return(undefined);
  }
}

/** One report: whether it belongs to the Reports area or to Shop accounting, its columns and rows. */
export interface ReportDefinition {
  /** `reports`: needs the Reports menu area; `shop`: Shop accounting, open to every signed-in user. */
  area: 'reports' | 'shop';
  /** The columns in order, for a caller who may see money or not (money columns are left out then). */
  columns(ctx: ReportContext): ColumnDef[];
  rows(ctx: ReportContext): ReportRows;
  /**
   * The rows as JSON text made by the database, for the JSON answer, when the report has it:
   * only for a report whose columns are the same for every caller (no money columns), since its
   * rows are passed on as they come.
   */
  json?(ctx: ReportContext): JsonRows;
}

/** Rows read per database round trip for the JSON answer: few round trips for a screen's report. */
export const BATCH_ROWS = 10_000;
/**
 * The same on PGlite (`runsOnServerThread`), whose statements hold the server while they run: a
 * batch of 10,000 rows took 100-300 ms of the thread on a busy machine, and another user's call
 * waits for one such statement per statement of its own (issue 20).
 */
export const SERVER_THREAD_BATCH_ROWS = 2_000;
/**
 * Rows read per round trip for an Excel export: a batch small enough that its rows die young
 * (V8's scavenger takes them before they reach the old generation), and whose JSON text (about
 * 300 bytes a row) stays well below V8's large-object size (128 KiB), which would put it in the
 * old generation at once: at 500 rows each batch's text was promoted and the server's memory grew
 * with the rows (bench/reports).
 */
export const XLSX_BATCH_ROWS = 200;

/** The columns a caller may see: money columns only with the finance permission (spec section 6). */
export function visibleColumns(columns: ColumnDef[], money: boolean): ColumnDef[] {
  return money ? columns : columns.filter((c) => !c.money && c.type !== 'money');
}

/** A number read from either driver (bigint sums come back as strings from `pg`). */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
