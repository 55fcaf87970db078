/**
 * Reading uploaded Excel workbooks (.xlsx): the order import (issue 3, order-import/xlsx-file.ts)
 * and the reconciliation's files (issue 22, reconciliation/read-file.ts). Whether bytes are an
 * .xlsx is told by their content (a ZIP archive with a content-types and a workbook part; ECMA-376
 * part 2), never by a name or declared type; an archive whose parts would unpack to more than
 * MAX_UNPACKED_BYTES is refused before anything is unpacked (a "zip bomb").
 */
import type ExcelJS from 'exceljs';

/** An .xlsx whose parts unpack to more than this (100 MiB) is refused before it is unpacked. */
export const MAX_UNPACKED_BYTES = 100 * 1024 * 1024;

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

/** What `xlsxKind` tells of some bytes: an .xlsx, one that would unpack too large, or no .xlsx. */
export type XlsxKind = 'xlsx' | 'tooLarge' | 'other';

/** Whether `data` is an .xlsx workbook by its content (see the file comment). */
export function xlsxKind(data: Uint8Array): XlsxKind {
  const zip = zipEntries(data);
  if (!zip?.names.has('[Content_Types].xml') || !zip.names.has('xl/workbook.xml')) return 'other';
  return zip.unpackedBytes > MAX_UNPACKED_BYTES ? 'tooLarge' : 'xlsx';
}

/**
 * The first worksheet of the workbook in `data` (already told an .xlsx by `xlsxKind`), or null
 * when it has none. exceljs is imported on first use: a process that reads or writes no workbook
 * never holds it (docs/operations.md, "Memory").
 * @throws the error exceljs throws for a broken workbook
 */
export async function firstWorksheet(data: Uint8Array): Promise<ExcelJS.Worksheet | null> {
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  // exceljs declares its own Buffer type; a Node Buffer is what it reads.
  await workbook.xlsx.load(Buffer.from(data.buffer, data.byteOffset, data.byteLength) as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0] ?? null;
}

/** A cell's plain value: a formula's result, a rich text's text, a hyperlink's text. */
export type PlainCellValue = string | number | boolean | Date | null;

/** The plain value of a cell: a formula's result, a rich text's text, a hyperlink's text. */
export function plainValue(value: ExcelJS.CellValue): PlainCellValue {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainValue((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
  if ('hyperlink' in value) return plainValue(value.text as ExcelJS.CellValue);
  if ('error' in value) return String(value.error);
  return null;
}

/** A value as the text a person sees: dates as yyyy-MM-dd, numbers in plain form. */
export function textOf(value: PlainCellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return String(value).trim();
}

const excelEpoch = Date.UTC(1899, 11, 30);

/** The day (yyyy-MM-dd) of an Excel serial day number from 1900-01-01 up to 9999-12-31, else null. */
export function excelSerialDate(value: number): string | null {
  if (value < 1 || value >= 2_958_466) return null;
  return new Date(excelEpoch + Math.floor(value) * 86_400_000).toISOString().slice(0, 10);
}
