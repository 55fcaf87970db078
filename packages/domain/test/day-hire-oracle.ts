/**
 * The day hire's first algorithm (issue 8), kept as the test oracle of the closed form in
 * src/day-hire.ts (issue 20): it walks every day of the period, keeping a running sum of the
 * receipts of the last `freeDays` days, and adds each day's end-of-day balance less those,
 * never below 0. Correct and plain, but a step per day: a period of centuries held the server
 * for seconds, which is why the portal no longer runs it.
 */
import type { BalanceDay, DayHireBalance } from '../src/day-hire.js';
import { freeDaysWindowStart } from '../src/day-hire.js';
import { addPlainDays as addDays } from '../src/plain-date.js';

/** Carrier-days of day hire of `balance` from `from` to `to` (yyyy-MM-dd, inclusive), a day at a time. */
export function perDayCarrierDays(balance: DayHireBalance, from: string, to: string, freeDays: number): number {
  const byDay = new Map<string, BalanceDay>();
  for (const d of balance.days) {
    const seen = byDay.get(d.day);
    byDay.set(d.day, seen ? { day: d.day, change: seen.change + d.change, received: seen.received + d.received } : d);
  }
  const window = Math.max(0, freeDays);
  const received: number[] = [];
  let inWindow = 0;
  let held = balance.opening;
  let total = 0;
  for (let day = freeDaysWindowStart(from, window); day <= to; day = addDays(day, 1)) {
    const d = byDay.get(day);
    const got = d?.received ?? 0;
    received.push(got);
    inWindow += got;
    if (received.length > window) inWindow -= received[received.length - 1 - window] ?? 0;
    if (day < from) continue;
    held += d?.change ?? 0;
    total += Math.max(0, held - inWindow);
  }
  return total;
}
