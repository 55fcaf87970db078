/**
 * The closed form of the day hire (src/day-hire.ts, issue 20: "compute day hire in closed form
 * rather than per day") answers what the per-day walk it replaced answers (day-hire-oracle.ts),
 * on 2,000 random pooling histories: balances that go below zero, several entries a day,
 * receipts before the period whose free days reach into it, entries outside the period, free
 * days of 0, 1, 10 and 45, periods of one day to two years.
 */
import { describe, expect, it } from 'vitest';
import { type BalanceDay, chargeableCarrierDays, freeDaysWindowStart } from '../src/day-hire.js';
import { addPlainDays } from '../src/plain-date.js';
import { perDayCarrierDays } from './day-hire-oracle.js';

/** A small seeded generator (mulberry32), so a failure names a history that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

describe('day hire in closed form', () => {
  it('equals the per-day walk on 2,000 random histories', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const r = random(seed);
      const freeDays = [0, 1, 10, 45][r.int(0, 3)] as number;
      const from = addPlainDays('2025-01-01', r.int(0, 400));
      const to = addPlainDays(from, r.int(0, r.next() < 0.2 ? 731 : 60));
      const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
      const days: BalanceDay[] = [];
      const entries = r.int(0, 40);
      for (let i = 0; i < entries; i++) {
        // Mostly within the period, some in the free-days window before it, a few after it.
        const day = addPlainDays(from, r.int(-Math.max(0, freeDays - 1) - 3, span + 3));
        const received = r.next() < 0.5 ? r.int(0, 60) : 0;
        const change = received - (r.next() < 0.5 ? r.int(0, 80) : 0);
        // Days before `from` bring only their receipts (their changes are in the opening balance).
        days.push({ day, change: day < from ? 0 : change, received });
      }
      const opening = r.int(-50, 200);
      const balance = { opening, days };
      expect(chargeableCarrierDays(balance, from, to, freeDays), `seed ${seed}`).toBe(perDayCarrierDays(balance, from, to, freeDays));
    }
    // The per-day walk is slow by design: a loaded machine needs more than the default 5 s.
  }, 60_000);

  it('counts a period of centuries without walking it: 10 carriers held from 2026 to 2999', () => {
    const from = '2026-01-01';
    const to = '2999-12-31';
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    expect(chargeableCarrierDays({ opening: 10, days: [] }, from, to, 10)).toBe(10 * days);
    expect(freeDaysWindowStart(from, 10)).toBe('2025-12-23');
  });
});
