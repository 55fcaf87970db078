/**
 * Numbers and dates in the active locale, through Intl (architecture.md, "i18n").
 * Use the `useFormat` hook in components so texts follow a language change.
 */
import { useTranslation } from 'react-i18next';

/** Formats a number for a locale (grouping, decimals). */
export function formatNumber(value: number, locale: string, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(locale, options).format(value);
}

/** Formats an instant (ISO string or Date) as a date and time in the locale. */
export function formatDateTime(value: string | Date, locale: string, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locale, options ?? { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** Formats a plain business date (yyyy-MM-dd) without shifting it through time zones. */
export function formatPlainDate(value: string, locale: string, options?: Intl.DateTimeFormatOptions): string {
  const [y, m, d] = value.split('-').map(Number);
  if (!y || !m || !d) return value;
  return new Intl.DateTimeFormat(locale, { ...(options ?? { dateStyle: 'short' }), timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Formatters bound to the active i18n language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return {
    locale,
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, locale, options),
    dateTime: (value: string | Date, options?: Intl.DateTimeFormatOptions) => formatDateTime(value, locale, options),
    plainDate: (value: string, options?: Intl.DateTimeFormatOptions) => formatPlainDate(value, locale, options),
  };
}
