/**
 * Reading the Excel file of an order import (issue 3): whether the bytes really are an .xlsx
 * workbook (told by its content, never by its name or declared type), and the cells of the
 * first worksheet's columns A-G from the start row, as text and as the typed values Excel holds
 * (numbers, dates).
 */
import { AppErrorCode, ORDERS_IMPORT_MAX_BYTES, ORDERS_IMPORT_MAX_ROWS, orderImportColumns, ZPlainDate } from '@portal/domain';
import { AppError } from '../../errors.js';
import { excelSerialDate, firstWorksheet, type PlainCellValue, plainValue, textOf, xlsxKind } from '../documents/xlsx-read.js';

/** IMPORT_FILE_TYPE (400): the file is not an Excel workbook (.xlsx). */
export const notXlsx = () => new AppError(AppErrorCode.IMPORT_FILE_TYPE, {}, { file: 'errors.IMPORT_FILE_TYPE' });

/** FILE_TOO_LARGE (413) with the import's limit in MiB. */
export const importTooLarge = () =>
  new AppError(AppErrorCode.FILE_TOO_LARGE, { maxMb: ORDERS_IMPORT_MAX_BYTES / 1024 / 1024 }, { file: 'errors.FILE_TOO_LARGE' });

/** One cell as read: its text as written (trimmed) and its typed value. */
export interface SheetCell {
  text: string;
  value: PlainCellValue;
}

/** One data row of the sheet: its 1-based number and the cells of the import columns (A-G). */
export interface SheetRow {
  rowNumber: number;
  cells: Record<(typeof orderImportColumns)[number], SheetCell>;
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
  const kind = xlsxKind(data);
  if (kind === 'other') throw notXlsx();
  if (kind === 'tooLarge') throw importTooLarge();
  let sheet: Awaited<ReturnType<typeof firstWorksheet>>;
  try {
    sheet = await firstWorksheet(data);
  } catch {
    throw notXlsx();
  }
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
    return excelSerialDate(value);
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
