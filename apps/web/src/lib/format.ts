/**
 * Numbers and dates in the active locale, through Intl (architecture.md, "i18n").
 * Use the `useFormat` hook in components so texts follow a language change.
 * Each Intl formatter is made once per locale and options and kept: making one costs far
 * more than formatting with it (the first of a kind loads locale data: 10-40 ms on a phone).
 */
import { minorToMajor } from '@portal/domain';
import { useTranslation } from 'react-i18next';

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>();

/** The formatter of `kind` for `locale` and `options`, made on first use. */
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.DisplayNames>(
  kind: string,
  locale: string,
  options: object | undefined,
  make: () => T,
): T {
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** Formats a number for a locale (grouping, decimals). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return cached('number', locale, options, () => new Intl.NumberFormat(locale, options)).format(value);
}

/** A file size in the locale: bytes, kB or MB with one decimal. */
export function formatSize(bytes: number, locale: string): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, locale, { maximumFractionDigits: 1 })} kB`;
  return `${formatNumber(bytes / 1024 / 1024, locale, { maximumFractionDigits: 1 })} MB`;
}

/**
 * Formats an amount given in minor units (øre, öre, cent; the API's money unit) in its currency
 * with two decimals (spec section 9, "Prices 2 decimals"): 1234550 NOK -> "12 345,50 kr" in
 * nb-NO. `currencyDisplay: 'code'` writes NOK/SEK/DKK/EUR, for tables that mix currencies.
 */
export function formatMoney(minor: number, currency: string, locale: string, options?: Intl.NumberFormatOptions): string {
  const resolved: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...options,
  };
  return cached('number', locale, resolved, () => new Intl.NumberFormat(locale, resolved)).format(minorToMajor(minor));
}

/** The name of a country (ISO 3166-1 alpha-2 code) in a locale; the code itself when unknown. */
export function regionName(code: string, locale: string): string {
  if (!/^[A-Z]{2}$/i.test(code)) return code;
  try {
    return cached('region', locale, undefined, () => new Intl.DisplayNames([locale], { type: 'region' })).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** Formats an instant (ISO string or Date) as a date and time in the locale. */
export function formatDateTime(value: string | Date, locale: string, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const resolved = options ?? { dateStyle: 'short', timeStyle: 'short' };
  return cached('date', locale, resolved, () => new Intl.DateTimeFormat(locale, resolved)).format(date);
}

/** Formats a plain business date (yyyy-MM-dd) without shifting it through time zones. */
export function formatPlainDate(value: string, locale: string, options?: Intl.DateTimeFormatOptions): string {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  const resolved: Intl.DateTimeFormatOptions = { ...(options ?? { dateStyle: 'short' }), timeZone: 'UTC' };
  return cached('date', locale, resolved, () => new Intl.DateTimeFormat(locale, resolved)).format(new Date(Date.UTC(y, m - 1, d)));
}

/** Formatters bound to the active i18n language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    money: (minor: number, currency: string, options?: Intl.NumberFormatOptions) => formatMoney(minor, currency, locale, options),
    dateTime: (value: string | Date, options?: Intl.DateTimeFormatOptions) => formatDateTime(value, locale, options),
    plainDate: (value: string, options?: Intl.DateTimeFormatOptions) => formatPlainDate(value, locale, options),
  };
}
