/**
 * Reading the Excel file of an order import (issue 3): whether the bytes really are an .xlsx
 * workbook (told by its content, never by its name or declared type), and the cells of the
 * first worksheet's columns A-G from the start row, as text and as the typed values Excel holds
 * (numbers, dates).
 */
import { AppErrorCode, ORDERS_IMPORT_MAX_BYTES, ORDERS_IMPORT_MAX_ROWS, orderImportColumns, ZPlainDate } from '@portal/domain';
import type ExcelJS from 'exceljs';
import { AppError } from '../../errors.js';

/** An .xlsx whose parts unpack to more than this is refused before it is unpacked (a "zip bomb"). */
const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

/** IMPORT_FILE_TYPE (400): the file is not an Excel workbook (.xlsx). */
export const notXlsx = () => new AppError(AppErrorCode.IMPORT_FILE_TYPE, {}, { file: 'errors.IMPORT_FILE_TYPE' });

/** FILE_TOO_LARGE (413) with the import's limit in MiB. */
export const importTooLarge = () =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, { maxMb: ORDERS_IMPORT_MAX_BYTES / 1024 / 1024 }, { file: 'errors.FILE_TOO_LARGE' });

/**
 * The names and total unpacked size of the parts of a ZIP archive, read from its central
 * directory (no part is unpacked), or null when the bytes are not a ZIP archive.
 */
export function zipEntries(data: Uint8Array): { names: Set<string>; unpackedBytes: number } | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (data.length < 22 || view.getUint32(0, true) !== 0x04034b50) return null; // PK\3\4
  // The end-of-central-directory record is the last 22 bytes, unless a comment (< 64 KiB) follows it.
  let end = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const names = new Set<string>();
  let unpackedBytes = 0;
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== 0x02014b50) return null;
    const size = view.getUint32(offset + 24, true);
    // 0xffffffff: the size is in a ZIP64 extra field; far above any limit here anyway.
    unpackedBytes += size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    names.add(decoder.decode(data.subarray(offset + 46, offset + 46 + nameLength)));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return { names, unpackedBytes };
}

/** One cell as read: its text as written (trimmed) and its typed value. */
export interface SheetCell {
  text: string;
  value: string | number | boolean | Date | null;
}

/** One data row of the sheet: its 1-based number and the cells of the import columns (A-G). */
export interface SheetRow {
  rowNumber: number;
  cells: Record<(typeof orderImportColumns)[number], SheetCell>;
}

/** The plain value of a cell: a formula's result, a rich text's text, a hyperlink's text. */
function plainValue(value: ExcelJS.CellValue): SheetCell['value'] {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in value) return plainValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return null;
}

/** A value as the text a person sees: dates as yyyy-MM-dd, numbers in plain form. */
function textOf(value: SheetCell['value']): string {
  if (value === null) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

/**
 * The data rows of the first worksheet: from `startRow` on, rows with any value in columns
 * A-G, in sheet order (rows before `startRow`, the header rows among them, are never data).
 * @param data the uploaded file's bytes
 * @throws IMPORT_FILE_TYPE when the bytes are not an .xlsx workbook; FILE_TOO_LARGE above
 *   ORDERS_IMPORT_MAX_BYTES or when its parts unpack to more than 100 MiB;
 *   IMPORT_TOO_MANY_ROWS above ORDERS_IMPORT_MAX_ROWS data rows
 */
export async function readSheetRows(data: Uint8Array, startRow: number): Promise<SheetRow[]> {
  if (data.length > ORDERS_IMPORT_MAX_BYTES) throw importTooLarge();
  // An .xlsx is a ZIP archive with a content-types part and a workbook part (ECMA-376 part 2).
  const zip = zipEntries(data);
  if (!zip?.names.has('[Content_Types].xml') || !zip.names.has('xl/workbook.xml')) throw notXlsx();
  if (zip.unpackedBytes > MAX_UNPACKED_BYTES) throw importTooLarge();
  // exceljs is imported on first use: a process that reads or writes no workbook never holds it
  // (docs/operations.md, "Memory").
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    // exceljs declares its own Buffer type; a Node Buffer is what it reads.
    await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ExcelJS.Buffer);
  } catch {
    throw notXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const result: SheetRow[] = [];
  let dataRows = 0;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber < startRow) return;
    const cells = {} as SheetRow['cells'];
    let any = false;
    orderImportColumns.forEach((column, index) => {
      const value = plainValue(row.getCell(index + 1).value);
      const text = textOf(value);
      if (text !== '') any = true;
      cells[column] = { text, value: text === '' ? null : value };
    });
    if (!any) return;
    dataRows++;
    if (dataRows <= ORDERS_IMPORT_MAX_ROWS) result.push({ rowNumber, cells });
  });
  if (dataRows > ORDERS_IMPORT_MAX_ROWS) {
    throw new AppError(
      AppErrorCode.IMPORT_TOO_MANY_ROWS,
      { rows: dataRows, max: ORDERS_IMPORT_MAX_ROWS },
      { file: 'errors.IMPORT_TOO_MANY_ROWS' },
    );
  }
  return result;
}

const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * The plain date (yyyy-MM-dd) of a date cell: an Excel date (a date-formatted cell, or its
 * serial day number) or text yyyy-mm-dd that names a real day from 1900 to 2999; null when it is none of them.
 */
export function plainDateOf(cell: SheetCell): string | null {
  const date = readDate(cell);
  // The calls' own rule for plain dates (a real day, years 1900-2999; docs/domain.md, "Input").
  return date !== null && ZPlainDate.safeParse(date).success ? date : null;
}

function readDate(cell: SheetCell): string | null {
  const { value } = cell;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value === 'number') {
    // Serial day numbers from 1900-01-01 up to 9999-12-31.
    if (value < 1 || value >= 2_958_466) return null;
    return new Date(excelEpoch + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
  }
  return cell.text;
}

/** A quantity cell as a whole number, or null when it is not one (decimals, text). */
export function wholeNumberOf(cell: SheetCell): number | null {
  const { value } = cell;
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (/^\d{1,9}$/.test(cell.text)) return Number(cell.text);
  return null;
}
