/**
 * Money rules of the portal (domain.md, "Money, time, places"; docs/invoicing.md): amounts are
 * integers in minor currency units (øre, öre, cent), never floats; VAT by the customer's country
 * and the day of supply; one rounding rule. Every use case that prices carriers, totals an
 * invoice or shows an amount goes through these functions.
 */
import type { Country } from './enums.js';

/**
 * Standard VAT rates in basis points (25 % = 2500) by country, each from a day on (yyyy-MM-dd).
 * Sources (docs/invoicing.md, "VAT"):
 * - NO: merverdiavgiftsloven § 5-1, 25 %;
 * - SE: mervärdesskattelagen (2023:200) 9 kap. 1 §, 25 %;
 * - DK: momsloven § 33, 25 %;
 * - FI: arvonlisäverolaki § 84, 24 % from 1 January 2013, 25.5 % for goods and services
 *   supplied from 1 September 2024 (the day of supply decides, not the invoice date).
 */
export const vatRates: Record<Country, readonly { from: string; rateBp: number }[]> = {
  NO: [{ from: '2005-01-01', rateBp: 2500 }],
  SE: [{ from: '1990-07-01', rateBp: 2500 }],
  DK: [{ from: '1992-01-01', rateBp: 2500 }],
  FI: [
    { from: '2013-01-01', rateBp: 2400 },
    { from: '2024-09-01', rateBp: 2550 },
  ],
};

/**
 * The standard VAT rate of `country` on `day` (yyyy-MM-dd), in basis points.
 * @throws Error for a day before the first rate the table knows
 */
export function vatRateBp(country: Country, day: string): number {
  const periods = vatRates[country];
  let rate: number | null = null;
  for (const period of periods) if (period.from <= day) rate = period.rateBp;
  if (rate === null) throw new Error(`No VAT rate of ${country} on ${day}`);
  return rate;
}

/**
 * Divides an integer by a positive integer and rounds to the nearest integer, halves away from
 * zero (the commercial rounding of amounts to the minor unit: 12.5 øre -> 13, -12.5 -> -13).
 * Exact for every amount a JavaScript number holds as an integer (up to 2^53).
 */
export function divideRounded(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRounded(${numerator}, ${denominator})`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  return sign * (remainder * 2 >= denominator ? quotient + 1 : quotient) + 0;
}

/**
 * The amount of a line: quantity x unit price, both integers (carriers or carrier-days, minor
 * units per unit); exact, no rounding.
 * @throws RangeError when the product leaves the safe integer range
 */
export function lineAmount(quantity: number, unitPriceMinor: number): number {
  const amount = quantity * unitPriceMinor;
  if (!Number.isSafeInteger(amount)) throw new RangeError(`lineAmount(${quantity}, ${unitPriceMinor})`);
  return amount + 0;
}

/** The VAT on an amount excl. VAT at a rate in basis points, rounded once to the minor unit (halves away from zero). */
export function vatAmount(amountExclVat: number, rateBp: number): number {
  return divideRounded(amountExclVat * rateBp, 10_000);
}

/** An invoice's totals in minor units (docs/invoicing.md, "Totals"). */
export interface InvoiceTotals {
  amountExclVat: number;
  vatRateBp: number;
  vatAmount: number;
  amountInclVat: number;
}

/**
 * Totals of an invoice from its line amounts: the exact sum excl. VAT, VAT computed once on that
 * sum and rounded to the minor unit, and their sum incl. VAT, so that lines, VAT and total add
 * up exactly. A credit (negative total) is rounded symmetrically.
 */
export function invoiceTotals(lineAmounts: readonly number[], rateBp: number): InvoiceTotals {
  let amountExclVat = 0;
  for (const amount of lineAmounts) amountExclVat += amount;
  if (!Number.isSafeInteger(amountExclVat)) throw new RangeError('invoiceTotals: sum out of range');
  const vat = vatAmount(amountExclVat, rateBp);
  return { amountExclVat, vatRateBp: rateBp, vatAmount: vat, amountInclVat: amountExclVat + vat };
}

/** An amount in minor units as a decimal number of major units (for display and Excel only, never for arithmetic). */
export function minorToMajor(minor: number): number {
  return minor / 100;
}

/**
 * A decimal number of major units as typed into a form (two decimals at most) as whole minor
 * units: 12.34 -> 1234 (rounded, so the float 12.34 * 100 = 1233.9999... still gives 1234).
 */
export function majorToMinor(major: number): number {
  return Math.round(major * 100) + 0;
}

/**
 * Sums the money fields `keys` (minor units) of `items` per currency: one entry per currency
 * present, in currency-code order (DKK, EUR, NOK, SEK). Money of different currencies is never
 * added up, so a list over several countries has one sum per currency (balance's credit / owes,
 * invoice totals).
 * @throws RangeError when a sum leaves the integers a number holds exactly (2^53)
 */
export function sumByCurrency<K extends string>(
  items: readonly ({ currency: string } & Record<K, number>)[],
  keys: readonly K[],
): ({ currency: string } & Record<K, number>)[] {
  const sums = new Map<string, { currency: string } & Record<K, number>>();
  for (const item of items) {
    let sum = sums.get(item.currency);
    if (!sum) {
      sum = { currency: item.currency, ...Object.fromEntries(keys.map((key) => [key, 0])) } as { currency: string } & Record<K, number>;
      sums.set(item.currency, sum);
    }
    for (const key of keys) {
      const next = sum[key] + item[key];
      if (!Number.isSafeInteger(next)) throw new RangeError(`sumByCurrency: ${key} out of range`);
      (sum as Record<K, number>)[key] = next;
    }
  }
  return [...sums.values()].sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0));
}
