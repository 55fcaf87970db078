import { describe, expect, it } from 'vitest';
import { chargeableCarrierDays, freeDaysWindowStart } from '../src/day-hire.js';

const FREE = 10;
const days = (opening: number, list: [string, number, number?][]) => ({
  opening,
  days: list.map(([day, change, received]) => ({ day, change, received: received ?? Math.max(0, change) })),
});

describe('day hire with free days per receipt (first in, first out)', () => {
  it('charges a carrier from its eleventh day: 10 received on the 1st of a 30-day month pay 20 days each', () => {
    expect(chargeableCarrierDays(days(0, [['2026-06-01', 10]]), '2026-06-01', '2026-06-30', FREE)).toBe(200);
  });

  it('carries a late receipt’s free days into the next month instead of crediting them against older stock', () => {
    // 50 held all of June, 100 more received on 28 June: June charges the 50 only (30 x 50).
    const june = days(50, [['2026-06-28', 100]]);
    expect(chargeableCarrierDays(june, '2026-06-01', '2026-06-30', FREE)).toBe(1500);
    // July: the 100 are free until 7 July (28 June + 9 days), then charged 24 days; the 50 all 31.
    const july = days(150, [['2026-06-28', 100]]);
    expect(freeDaysWindowStart('2026-07-01', FREE)).toBe('2026-06-22');
    expect(chargeableCarrierDays(july, '2026-07-01', '2026-07-31', FREE)).toBe(31 * 50 + 24 * 100);
  });

  it('lets the oldest carriers leave first: sending the old stock away leaves the new receipt free', () => {
    // 40 held; 40 received on the 10th, 40 sent on the 11th: from the 11th the 40 held are the new ones.
    const b = days(40, [
      ['2026-06-10', 40],
      ['2026-06-11', -40, 0],
    ]);
    // 1st-9th: 40 x 9 = 360; 10th: 80 - 40 free = 40; 11th-19th: 40 free (received 10th, free to 19th); 20th-30th: 40 x 11.
    expect(chargeableCarrierDays(b, '2026-06-01', '2026-06-30', FREE)).toBe(360 + 40 + 0 + 440);
  });

  it('charges nothing while the balance is below zero (carriers owed to the pool) and never goes below zero', () => {
    expect(chargeableCarrierDays(days(-20, [['2026-06-15', 5]]), '2026-06-01', '2026-06-30', FREE)).toBe(0);
    expect(chargeableCarrierDays(days(0, []), '2026-06-01', '2026-06-30', FREE)).toBe(0);
  });

  it('adds up several entries of one day, and with no free days charges every carrier-day', () => {
    const b = days(0, [
      ['2026-06-29', 3],
      ['2026-06-29', 2],
    ]);
    expect(chargeableCarrierDays(b, '2026-06-01', '2026-06-30', 0)).toBe(10);
    expect(chargeableCarrierDays(b, '2026-06-01', '2026-06-30', FREE)).toBe(0);
  });
});
