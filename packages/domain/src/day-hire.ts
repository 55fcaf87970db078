/**
 * Day hire with free days per receipt (issue 8, "Fees, price lists and invoices": day hire per
 * carrier per day after the free days; docs/invoicing.md, "Day hire"). Carriers of a pooling
 * balance are taken to leave in the order they came (first in, first out, as a depot stacks and
 * issues them), so on any day the carriers still within their free days are at most those
 * received in the last `freeDays` days, the day of receipt counting as the first. Each day's
 * chargeable carriers are the end-of-day balance less those (never below 0; a balance below 0,
 * carriers owed to the pool, holds none). A carrier received on the 28th of a month with 10 free
 * days is free until the 6th of the next month, and its free days never pay for carriers held
 * longer.
 */
import { addPlainDays as addDays } from './plain-date.js';

/** What one booking day did to a pooling balance of one location and carrier type (or product). */
export interface BalanceDay {
  /** yyyy-MM-dd */
  day: string;
  /** Net change of the balance on the day, in carriers (entries of every source). */
  change: number;
  /** Carriers received on the day by orders (the receipts that bring free days). */
  received: number;
}

/** One pooling balance over a period, as `chargeableCarrierDays` reads it. */
export interface DayHireBalance {
  /** The balance at the start of `from` (end of the day before), in carriers. */
  opening: number;
  /**
   * The booking days with entries, from `freeDaysWindowStart(from, freeDays)` to `to`, in any
   * order; days before `from` only bring their receipts (their changes are in `opening`).
   */
  days: readonly BalanceDay[];
}

/** The first day whose receipts can still be free on `from`: `freeDays - 1` days before it (yyyy-MM-dd). */
export function freeDaysWindowStart(from: string, freeDays: number): string {
  return addDays(from, -Math.max(0, freeDays - 1));
}

/**
 * Carrier-days of day hire of one pooling balance over the days `from` to `to` (yyyy-MM-dd,
 * inclusive): the sum over the days of the end-of-day balance less the carriers received in the
 * last `freeDays` days, each day at least 0 (see the file comment). Units: carrier-days.
 */
export function chargeableCarrierDays(balance: DayHireBalance, from: string, to: string, freeDays: number): number {
  const byDay = new Map<string, BalanceDay>();
  for (const d of balance.days) {
    const seen = byDay.get(d.day);
    byDay.set(d.day, seen ? { day: d.day, change: seen.change + d.change, received: seen.received + d.received } : d);
  }
  // Receipts of the window that ends on the day: a running sum over the last `freeDays` days.
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
