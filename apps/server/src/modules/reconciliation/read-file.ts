/**
 * Reading a reconciliation's file (issue 22; docs/reconciliation.md, "Files"): an Excel workbook
 * (.xlsx, its first worksheet) or a CSV text, told apart by the content, never by the name. A CSV
 * may start with a byte order mark, is read as UTF-8 (else as Windows-1252, what older ERPs
 * write), and its delimiter (`;`, tab or `,`) is the one its first lines hold most often outside
 * quotes; quoted fields may hold delimiters, quotes ("") and line breaks. Every cell is returned
 * as text: an Excel date as yyyy-MM-dd, a number in its plain form.
 *
 * The work is cut in pieces with a turn of the event loop between them (`breathe`), so a file of
 * RECONCILIATION_MAX_ROWS rows never holds other requests for long (docs/performance.md).
 */
import { Readable } from 'node:stream';
import { setImmediate as breathe } from 'node:timers/promises';
import { AppErrorCode, RECONCILIATION_MAX_BYTES, RECONCILIATION_MAX_ROWS } from '@portal/domain';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';
import { plainValue, textOf, xlsxKind } from '../documents/xlsx-read.js';

/** A file as read: its kind and its rows (1-based row n is `rows[n - 1]`), each cell as text. */
export interface FileTable {
  kind: 'xlsx' | 'csv';
  rows: string[][];
}

/** FILE_TOO_LARGE (413) with the reconciliation's limit in MiB. */
export const reconciliationTooLarge = () =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, { maxMb: RECONCILIATION_MAX_BYTES / 1024 / 1024 }, { file: 'errors.FILE_TOO_LARGE' });

/** VALIDATION (400) on `file`: not an .xlsx or a CSV text this portal can read. */
export const unreadableFile = () => new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.reconciliationFile' });

/** Rows handled between two turns of the event loop. */
const ROWS_PER_TURN = 1000;
/** Characters of CSV text parsed between two turns of the event loop. */
const CSV_CHUNK = 64 * 1024;

/**
 * Reads `data` (see the file comment).
 * @throws FILE_TOO_LARGE above RECONCILIATION_MAX_BYTES, or an .xlsx that would unpack to more
 *   than 100 MiB; VALIDATION on `file`: `validation.reconciliationFile` (neither an .xlsx nor a
 *   readable text), `validation.reconciliationTooManyRows` (more than RECONCILIATION_MAX_ROWS
 *   rows that hold a value, the header among them)
 */
export async function readReconciliationFile(data: Uint8Array): Promise<FileTable> {
  if (data.length > RECONCILIATION_MAX_BYTES) throw reconciliationTooLarge();
  const kind = xlsxKind(data);
  if (kind === 'tooLarge') throw reconciliationTooLarge();
  return kind === 'xlsx' ? { kind, rows: await readXlsx(data) } : { kind: 'csv', rows: await readCsv(decodeText(data)) };
}

const tooManyRows = () =>
  new AppError(AppErrorCode.VALIDATION, { max: RECONCILIATION_MAX_ROWS }, { file: 'validation.reconciliationTooManyRows' });

/** The header row and the data rows: at most one more than the data rows allowed. */
const MAX_FILE_ROWS = RECONCILIATION_MAX_ROWS + 1;

async function readXlsx(data: Uint8Array): Promise<string[][]> {
  const { default: Excel } = await import('exceljs');
  const rows: string[][] = [];
  let filled = 0;
  try {
    const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    });
    for await (const worksheet of reader) {
      for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const cells: string[] = [];
        (row.values as ExcelJS.CellValue[]).forEach((value, column) => {
          // row.values is 1-based: index 0 is empty.
          if (column > 0) cells[column - 1] = textOf(plainValue(value));
        });
        const texts = Array.from(cells, (c) => c ?? '');
        if (texts.some((t) => t !== '') && ++filled > MAX_FILE_ROWS) throw tooManyRows();
        rows[row.number - 1] = texts;
        if (filled % ROWS_PER_TURN === 0) await breathe();
      }
      break; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadableFile();
  }
  return Array.from(rows, (r) => r ?? []);
}

/** The text of a CSV file: without a byte order mark, UTF-8 when it is valid UTF-8, else Windows-1252. */
function decodeText(data: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  // Binary content (an image, a PDF, an old .xls, a broken workbook) is no CSV: it holds control characters.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
  if (/[\u0000-\u0008\u000b\u000e-\u001f]/.test(text)) throw unreadableFile();
  return text;
}

/** The delimiter the first lines of `text` hold most often outside quotes: `;`, tab or `,` (in that order on a tie). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [';', 0],
    ['\t', 0],
    [',', 0],
  ]);
  let quoted = false;
  let lines = 0;
  for (let i = 0; i < text.length && i < 64 * 1024 && lines < 20; i++) {
    const c = text[i] as string;
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '\n') lines++;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  let best = ',';
  let most = 0;
  for (const [delimiter, count] of counts) {
    if (count > most) {
      best = delimiter;
      most = count;
    }
  }
  return best;
}

async function readCsv(text: string): Promise<string[][]> {
  const rows: string[][] = [];
  let filled = 0;
  const parser = parse({
    delimiter: detectDelimiter(text),
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
  });
  const state: { failure: Error | null } = { failure: null };
  parser.on('readable', () => {
    for (let record: string[] | null = parser.read(); record !== null; record = parser.read()) {
      const cells = record.map((c) => c.trim());
      if (cells.some((c) => c !== '') && ++filled > MAX_FILE_ROWS) state.failure ??= tooManyRows();
      if (!state.failure) rows.push(cells);
    }
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', (error) => {
      state.failure ??= error;
      resolve();
    });
  });
  for (let at = 0; at < text.length && !state.failure; at += CSV_CHUNK) {
    parser.write(text.slice(at, at + CSV_CHUNK));
    await breathe();
  }
  parser.end();
  await ended;
  if (state.failure instanceof AppError) throw state.failure;
  if (state.failure) throw unreadableFile();
  return rows;
}
