/**
 * The values of a reconciliation file's cells (docs/reconciliation.md, "Files"): booking dates,
 * quantities, and the keys products and counterparties are compared by.
 */
import { ZPlainDate } from '@portal/domain';
import { excelSerialDate } from '../documents/xlsx-read.js';

const pad = (n: string) => n.padStart(2, '0');

/**
 * The day (yyyy-MM-dd) a date cell names, or null: yyyy-MM-dd, dd.MM.yyyy, d.M.yyyy, dd/MM/yyyy,
 * dd-MM-yyyy (a time after the day is ignored), and in a workbook an Excel serial day number
 * (what a date cell without a date format holds). Only real days from 1900 to 2999.
 */
export function readDate(text: string, kind: 'xlsx' | 'csv'): string | null {
  const day = text.trim().split(/[ T]/)[0] ?? '';
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(day);
  const nordic = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(day);
  let date: string | null = null;
  if (iso) date = `${iso[1]}-${pad(iso[2] as string)}-${pad(iso[3] as string)}`;
  else if (nordic) date = `${nordic[3]}-${pad(nordic[2] as string)}-${pad(nordic[1] as string)}`;
  else if (kind === 'xlsx' && /^\d{5}$/.test(day)) date = excelSerialDate(Number(day));
  return date !== null && ZPlainDate.safeParse(date).success ? date : null;
}

/** The largest quantity a row may hold, in carriers (a database integer with room to sum). */
const MAX_QUANTITY = 10_000_000;

/**
 * A whole number of carriers, or null: digits with spaces between thousands ("1 234"), a sign
 * before ("-5", "+5") or after ("5-", as some ERPs write a credit), decimals only when zero
 * ("12,00", "12.0"). Empty text is null.
 */
export function readQuantity(text: string): number | null {
  let t = text.replace(/[\s\u00a0\u202f]/g, '');
  let sign = 1;
  if (/^[-+−]/.test(t)) {
    sign = t[0] === '+' ? 1 : -1;
    t = t.slice(1);
  } else if (/-$/.test(t)) {
    sign = -1;
    t = t.slice(0, -1);
  }
  const m = /^(\d{1,9})(?:[.,]0+)?$/.exec(t);
  if (!m) return null;
  const value = Number(m[1]);
  return value > MAX_QUANTITY ? null : sign * value || 0;
}

/** How names and codes are compared: without case, surrounding spaces or doubled inner spaces. */
export const keyOf = (text: string) => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase('nb-NO');

/** Whether a counterparty cell is a GLN (13 digits, spaces ignored), and which. */
export function glnOf(text: string): string | null {
  const digits = text.replace(/\s/g, '');
  return /^\d{13}$/.test(digits) ? digits : null;
}
