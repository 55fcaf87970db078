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
import { addPlainDays as addDays, plainDayNumber } from './plain-date.js';

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
 *
 * In closed form (issue 20: a period's length must not cost a step per day): the balance changes
 * only on days with entries, and the carriers within their free days only on a receipt's day
 * and `freeDays` days after it; between two such days each day charges the same, so the sum is
 * taken over those stretches. Work grows with the entries, not with the days of the period.
 */
export function chargeableCarrierDays(balance: DayHireBalance, from: string, to: string, freeDays: number): number {
  const first = plainDayNumber(from);
  const last = plainDayNumber(to);
  if (last < first) return 0;
  const window = Math.max(0, freeDays);
  const windowStart = first - Math.max(0, window - 1);
  // What changes on a day (day number -> change of the balance, change of the carriers still free).
  const changes = new Map<number, { held: number; free: number }>();
  const at = (day: number) => {
    let change = changes.get(day);
    if (!change) {
      change = { held: 0, free: 0 };
      changes.set(day, change);
    }
    return change;
  };
  let held = balance.opening;
  let free = 0;
  for (const d of balance.days) {
    const day = plainDayNumber(d.day);
    if (day > last) continue;
    if (day >= first && d.change !== 0) at(day).held += d.change;
    // A receipt is free from its day for `window` days (the day of receipt the first).
    if (window === 0 || d.received === 0 || day < windowStart) continue;
    if (day <= first) free += d.received;
    else at(day).free += d.received;
    // Its last free day is `day + window - 1`, never before `from` (the window starts there).
    if (day + window <= last) at(day + window).free -= d.received;
  }
  // The balance's changes on `from` count for `from` itself.
  const start = changes.get(first);
  if (start) {
    held += start.held;
    free += start.free;
    changes.delete(first);
  }
  let total = 0;
  let day = first;
  for (const next of [...changes.keys()].sort((a, b) => a - b)) {
    total += (next - day) * Math.max(0, held - free);
    const change = changes.get(next) as { held: number; free: number };
    held += change.held;
    free += change.free;
    day = next;
  }
  return total + (last - day + 1) * Math.max(0, held - free);
}
