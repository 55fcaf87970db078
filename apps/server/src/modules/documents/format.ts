/**
 * Amounts for documents and alerts written on the server (PDFs, the bell): minor units shown in
 * their currency with two decimals (spec section 9, "Prices 2 decimals") as the reader's locale
 * writes them, like the web's `useFormat().money`. For display only: arithmetic stays in minor
 * units (packages/domain/src/money.ts).
 */
import { type Locale, minorToMajor } from '@portal/domain';

const formats = new Map<string, Intl.NumberFormat>();

/** `minor` units of `currency` in `locale`: 1234550 NOK -> "12 345,50 kr" (nb-NO), "NOK 12,345.50" (en-US). */
export function formatMoney(minor: number, currency: string, locale: Locale): string {
  const key = `${locale}:${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(minorToMajor(minor));
}

/** `minor` units as a decimal number with two decimals in `locale`, without a currency: 36600 -> "366,00" (nb-NO). */
export function formatAmount(minor: number, locale: Locale): string {
  const key = `${locale}:`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(minorToMajor(minor));
}
