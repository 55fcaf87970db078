import { describe, expect, it } from 'vitest';
import { divideRounded, invoiceTotals, lineAmount, majorToMinor, minorToMajor, sumByCurrency, vatAmount, vatRateBp } from '../src/money.js';

describe('VAT by country and day', () => {
  it('is 25 % in Norway, Sweden and Denmark', () => {
    expect(vatRateBp('NO', '2026-11-25')).toBe(2500);
    expect(vatRateBp('SE', '2025-01-01')).toBe(2500);
    expect(vatRateBp('DK', '2024-06-30')).toBe(2500);
  });
  it('is 24 % in Finland until 31 August 2024 and 25.5 % from 1 September 2024', () => {
    expect(vatRateBp('FI', '2024-08-31')).toBe(2400);
    expect(vatRateBp('FI', '2024-09-01')).toBe(2550);
    expect(vatRateBp('FI', '2026-11-25')).toBe(2550);
  });
  it('refuses a day before the table', () => {
    expect(() => vatRateBp('FI', '2012-12-31')).toThrow();
  });
});

describe('rounding to the minor unit', () => {
  it('rounds halves away from zero', () => {
    expect(divideRounded(125, 10)).toBe(13);
    expect(divideRounded(124, 10)).toBe(12);
    expect(divideRounded(-125, 10)).toBe(-13);
    expect(divideRounded(-124, 10)).toBe(-12);
    expect(Object.is(divideRounded(-4, 10), 0)).toBe(true);
  });
  it('computes VAT once on the sum: 25.5 % of 0.01 EUR is 0.00, of 0.02 EUR 0.01', () => {
    expect(vatAmount(1, 2550)).toBe(0);
    expect(vatAmount(2, 2550)).toBe(1);
    expect(vatAmount(-2, 2550)).toBe(-1);
  });
});

describe('invoice totals', () => {
  it('add up exactly: lines, VAT and total', () => {
    const lines = [lineAmount(1_250, 366), lineAmount(1_250, 776), lineAmount(18_733, 19)];
    const totals = invoiceTotals(lines, 2500);
    expect(totals.amountExclVat).toBe(457_500 + 970_000 + 355_927);
    expect(totals.vatAmount).toBe(445_857); // 1,783,427 x 0.25 = 445,856.75 -> 445,857
    expect(totals.amountInclVat).toBe(totals.amountExclVat + totals.vatAmount);
  });
  it('treats a credit (negative total) symmetrically', () => {
    const totals = invoiceTotals([lineAmount(-3, 15_500), lineAmount(1, 1)], 2550);
    expect(totals.amountExclVat).toBe(-46_499);
    expect(totals.vatAmount).toBe(-11_857); // -11,857.245 -> -11,857
    expect(totals.amountInclVat).toBe(-58_356);
  });
  it('refuses amounts past the safe integer range', () => {
    expect(() => lineAmount(2 ** 40, 2 ** 20)).toThrow(RangeError);
  });
});

describe('sums per currency', () => {
  it('adds up each currency on its own, in currency-code order, and never across currencies', () => {
    const items = [
      { currency: 'SEK', amount: 100, vat: 25 },
      { currency: 'NOK', amount: -250, vat: 0 },
      { currency: 'SEK', amount: 1, vat: 1 },
      { currency: 'EUR', amount: 7, vat: 2 },
      { currency: 'NOK', amount: 50, vat: 13 },
    ];
    expect(sumByCurrency(items, ['amount', 'vat'])).toEqual([
      { currency: 'EUR', amount: 7, vat: 2 },
      { currency: 'NOK', amount: -200, vat: 13 },
      { currency: 'SEK', amount: 101, vat: 26 },
    ]);
    expect(sumByCurrency(items, ['amount'])).toEqual([
      { currency: 'EUR', amount: 7 },
      { currency: 'NOK', amount: -200 },
      { currency: 'SEK', amount: 101 },
    ]);
  });
  it('answers nothing for nothing, and refuses a sum a number cannot hold exactly', () => {
    expect(sumByCurrency([], ['amount'])).toEqual([]);
    const huge = { currency: 'NOK', amount: Number.MAX_SAFE_INTEGER };
    expect(() => sumByCurrency([huge, { currency: 'NOK', amount: 1 }], ['amount'])).toThrow(RangeError);
  });
});

describe('major and minor units', () => {
  it('turns a typed amount into whole minor units and back for display', () => {
    expect(majorToMinor(12.34)).toBe(1234);
    expect(majorToMinor(0.29)).toBe(29);
    expect(majorToMinor(1_000_000)).toBe(100_000_000);
    expect(minorToMajor(1234)).toBe(12.34);
  });
});
