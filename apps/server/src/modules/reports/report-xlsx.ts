/**
 * A report as an Excel workbook (issue 8: "Export to Excel"), written with exceljs's streaming
 * writer (`ExcelJS.stream.xlsx.WorkbookWriter`): each row is committed as soon as it is added
 * and the rows come from the database a batch at a time, so memory stays flat however many rows
 * a report has (bench/reports measures it). One sheet: the report's title and its filters on
 * the first rows, then the header in the caller's language (frozen), the rows and a totals row.
 * Dates are real Excel dates, quantities numbers, money numbers in major units with two
 * decimals (`minorToMajor`), booleans real booleans.
 */
import type { Writable } from 'node:stream';
import { type Locale, minorToMajor, type ReportCell, type ReportColumn, type ReportRow } from '@portal/domain';
import type ExcelJS from 'exceljs';
import type { ReportRows } from './report-definition.js';

/** Excel number formats of a locale's dates (Excel shows the codes as written, whatever its own language). */
const dateFormats: Record<Locale, string> = {
  'nb-NO': 'dd.mm.yyyy',
  'da-DK': 'dd.mm.yyyy',
  'fi-FI': 'd.m.yyyy',
  'sv-SE': 'yyyy-mm-dd',
  'en-US': 'mm/dd/yyyy',
};

const numberFormats: Partial<Record<ReportColumn['type'], string>> = {
  id: '0',
  integer: '#,##0',
  money: '#,##0.00',
  percent: '0.0%',
};

const widths: Record<ReportColumn['type'], number> = {
  text: 28,
  id: 12,
  integer: 12,
  date: 12,
  datetime: 17,
  money: 15,
  currency: 9,
  boolean: 10,
  percent: 10,
};

/** A yyyy-MM-dd day as the Date exceljs writes as that Excel day (it counts in UTC). */
function excelDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** One cell's value as Excel wants it: dates as Date, money in major units, the rest as it is. */
function excelValue(column: ReportColumn, value: ReportCell): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'date':
      return typeof value === 'string' ? excelDay(value) : null;
    case 'datetime':
      return typeof value === 'string' ? new Date(value) : null;
    case 'money':
      return typeof value === 'number' ? minorToMajor(value) : null;
    default:
      return value;
  }
}

/** What the workbook says about itself on its first rows. */
export interface XlsxHeading {
  title: string;
  /** Label and value of each filter, already in the caller's language. */
  filters: [string, string][];
  totalsLabel: string;
  /** Written as a last row when the report was cut at `maxRows`. */
  truncatedNote: string;
}

/** Waits until `stream` has room again (the client reads slower than the rows come). */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      stream.off('error', fail);
      resolve();
    };
    const fail = (error: Error) => {
      stream.off('drain', done);
      reject(error);
    };
    stream.once('drain', done);
    stream.once('error', fail);
  });
}

/** A writable stream of Node's or of the `readable-stream` package (archiver's): its buffered bytes. */
interface SinkLike {
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
  writableLength?: number;
  _writableState?: { length?: number };
}

/**
 * Where the sheet's XML goes to be compressed: exceljs 4.4 pipes the worksheet's stream into the
 * zip (archiver) and does not wait for it, so a sheet written faster than it is compressed would
 * pile up uncompressed in memory. Waiting until that stream has taken in what it holds keeps the
 * pile to about a batch. (exceljs internals, looked up defensively: without them only `out` is
 * waited for.)
 */
function compressionSink(sheet: ExcelJS.Worksheet): SinkLike | undefined {
  const stream = (sheet as unknown as { _stream?: { pipes?: unknown[] } })._stream;
  const sink = stream?.pipes?.[0] as SinkLike | undefined;
  return sink && typeof sink.once === 'function' && typeof sink.off === 'function' ? sink : undefined;
}

/** Bytes a sink holds that it has not passed on. */
const pendingBytes = (sink: SinkLike) => sink.writableLength ?? sink._writableState?.length ?? 0;

/**
 * Waits until the compression sink holds less than 64 KiB (it says "drain" once it has passed
 * everything on): what waits there to be compressed lives through young-generation collections.
 */
async function compressed(sheet: ExcelJS.Worksheet): Promise<void> {
  const sink = compressionSink(sheet);
  while (sink && pendingBytes(sink) > 64 * 1024) {
    await new Promise<void>((resolve) => {
      const drained = () => {
        clearTimeout(timer);
        resolve();
      };
      // A wait that times out takes its listener with it (none piles up on a long export).
      const timer = setTimeout(() => {
        sink.off('drain', drained);
        resolve();
      }, 200);
      sink.once('drain', drained);
    });
  }
}

/**
 * Writes the report to `out` as an .xlsx and ends it. Rows after `maxRows` are not written; a
 * note says so. Totals: the column sums `totals` computes, given the rows as they are written.
 */
export async function writeReportXlsx(
  out: Writable,
  locale: Locale,
  heading: XlsxHeading,
  columns: ReportColumn[],
  rows: ReportRows,
  totals: (row: ReportRow) => void,
  finalTotals: (extra: Record<string, ReportCell> | undefined) => Record<string, ReportCell>,
  maxRows: number,
): Promise<void> {
  const workbook = await openXlsxWorkbook(out);
  await addReportSheet(workbook, out, locale, heading, columns, rows, totals, finalTotals, maxRows);
  await workbook.commit();
}

/**
 * A streaming workbook writing to `out`; add sheets with `addReportSheet`, one after the other,
 * then `commit()` it. exceljs is imported on first use: a process that reads or writes no
 * workbook never holds it (docs/operations.md, "Memory").
 */
export async function openXlsxWorkbook(out: Writable): Promise<ExcelJS.stream.xlsx.WorkbookWriter> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Portal';
  workbook.created = new Date();
  return workbook;
}

/**
 * Adds one sheet to `workbook` (writing to `out`) and commits it: `heading`'s title and filters
 * on the first rows, the header (frozen), the rows a batch at a time and a totals row. Rows
 * after `maxRows` are not written; a note says so.
 */
export async function addReportSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  out: Writable,
  locale: Locale,
  heading: XlsxHeading,
  columns: ReportColumn[],
  rows: ReportRows,
  totals: (row: ReportRow) => void,
  finalTotals: (extra: Record<string, ReportCell> | undefined) => Record<string, ReportCell>,
  maxRows: number,
): Promise<void> {
  const headerRow = heading.filters.length + 3;
  const sheet = workbook.addWorksheet(heading.title.slice(0, 31).replace(/[\\/?*[\]:]/g, '-'), {
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    width: widths[c.type],
    style: {
      numFmt: c.type === 'date' ? dateFormats[locale] : c.type === 'datetime' ? `${dateFormats[locale]} hh:mm` : numberFormats[c.type],
    },
  }));
  const titleRow = sheet.addRow([heading.title]);
  titleRow.font = { bold: true, size: 14 };
  titleRow.commit();
  for (const [label, value] of heading.filters) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
    // Texts, whatever the column's number format.
    row.getCell(1).numFmt = '@';
    row.getCell(2).numFmt = '@';
    row.commit();
  }
  sheet.addRow([]).commit();
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.numFmt = '@';
    cell.border = { bottom: { style: 'thin' } };
  });
  header.commit();

  let written = 0;
  let truncated = false;
  let result = await rows.next();
  while (!result.done) {
    // Each row is let go once written (taken off the batch), so no row outlives its turn.
    const batch = result.value;
    for (let row = batch.shift(); row !== undefined; row = batch.shift()) {
      if (written >= maxRows) {
        truncated = true;
        break;
      }
      totals(row);
      sheet.addRow(columns.map((c) => excelValue(c, row[c.key] ?? null))).commit();
      written++;
    }
    if (truncated) {
      await rows.return(undefined);
      break;
    }
    await compressed(sheet);
    await drained(out);
    result = await rows.next();
  }
  const sums = finalTotals(result.done ? result.value : undefined);
  const totalRow = sheet.addRow(
    columns.map((c, i) => (i === 0 && sums[c.key] === undefined ? heading.totalsLabel : excelValue(c, sums[c.key] ?? null))),
  );
  totalRow.font = { bold: true };
  totalRow.eachCell((cell) => {
    cell.border = { top: { style: 'thin' } };
  });
  totalRow.commit();
  if (truncated) sheet.addRow([heading.truncatedNote]).commit();
  sheet.commit();
}
