/**
 * When a scheduled order falls due (spec section 3: interval in weeks, weekdays Monday-Friday,
 * start and end date; docs/domain.md "Scheduled orders"). Pure date arithmetic on plain
 * yyyy-MM-dd dates (UTC midnights, so no time zone can shift a day).
 */

import type { Country } from '@portal/domain';
import { addPlainDays } from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';

const DAY_MS = 86_400_000;

/** The rule of a schedule, as stored. */
export interface ScheduleRule {
  intervalWeeks: number;
  monday: boolean;
  tuesday: boolean;
  wednesday: boolean;
  thursday: boolean;
  friday: boolean;
  startDate: string;
  endDate: string | null;
}

const toTime = (date: string) => Date.parse(`${date}T00:00:00Z`);
const toDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A plain date (yyyy-MM-dd) plus `days` (negative goes back): the domain's one rule. */
export const addDays = addPlainDays;

/** The Monday of a date's ISO week, as a time. */
function mondayOf(time: number): number {
  const weekday = (new Date(time).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  return time - weekday * DAY_MS;
}

/**
 * The dates in [from, to] (both inclusive) on which a schedule places an order, before the
 * open-day check: a chosen weekday, within start and end date, in a week that is a whole
 * number of `intervalWeeks` after the week of `startDate` (the start week is week 0).
 */
export function ruleDates(rule: ScheduleRule, from: string, to: string): string[] {
  const weekdays = [rule.monday, rule.tuesday, rule.wednesday, rule.thursday, rule.friday];
  const first = Math.max(toTime(from), toTime(rule.startDate));
  const last = Math.min(toTime(to), rule.endDate ? toTime(rule.endDate) : Number.POSITIVE_INFINITY);
  const anchor = mondayOf(toTime(rule.startDate));
  const interval = Math.max(1, Math.trunc(rule.intervalWeeks));
  const out: string[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const weekday = (new Date(t).getUTCDay() + 6) % 7;
    if (weekday > 4 || !weekdays[weekday]) continue;
    const week = Math.round((mondayOf(t) - anchor) / (7 * DAY_MS));
    if (week % interval === 0) out.push(toDate(t));
  }
  return out;
}

/**
 * The occurrences of a schedule in [from, to]: its rule's dates that are open days in the
 * sending location's country (public holidays, customary eves and provider `closures` are
 * skipped, not moved).
 */
export function occurrences(rule: ScheduleRule, from: string, to: string, country: Country, closures: ReadonlySet<string>): string[] {
  return ruleDates(rule, from, to).filter((date) => isOpenDay(date, country, closures));
}

/**
 * The first occurrence after `after`, looking at most `maxDays` ahead (a year by default),
 * or null when the schedule ends first or has none that soon.
 */
export function nextOccurrence(
  rule: ScheduleRule,
  after: string,
  country: Country,
  closures: ReadonlySet<string>,
  maxDays = 366,
): string | null {
  let from = addDays(after, 1);
  const limit = addDays(after, maxDays);
  while (from <= limit && (!rule.endDate || from <= rule.endDate)) {
    // Plain dates (yyyy-MM-dd) sort as text: the earlier of 60 days on and the limit.
    const to = [addDays(from, 59), limit].sort()[0] as string;
    const found = occurrences(rule, from, to, country, closures)[0];
    if (found) return found;
    from = addDays(to, 1);
  }
  return null;
}
