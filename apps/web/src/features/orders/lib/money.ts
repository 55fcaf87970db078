/**
 * Money on the orders screens (domain.md, "Money"): amounts are integer minor units of the
 * order's currency (NOK, SEK, DKK, EUR: 2 decimals), shown with Intl in the active language.
 */

/** Formats an amount in minor units as currency with two decimals, e.g. 123456 NOK -> "kr 1 234,56". */
export function formatMoney(minorUnits: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}
