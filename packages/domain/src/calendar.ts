/**
 * Open days (domain.md, "Open days"; spec section 7, GET Days): Monday-Friday, minus the
 * public holidays of the location's country (date-holidays), minus the days working life
 * stops though no law says so (Christmas Eve, New Year's Eve, and Midsummer Eve in Sweden
 * and Finland), minus provider closures. Dates are plain yyyy-MM-dd strings.
 */
import Holidays from 'date-holidays';
import type { Country } from './enums.js';

const cache = new Map<string, Set<string>>();

/** yyyy-MM-dd of a UTC date. */
function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The closed weekdays of one country and year (public holidays and customary eves). */
export function closedDays(country: Country, year: number): Set<string> {
  const key = `${country}:${year}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const hd = new Holidays(country);
  const days = new Set<string>();
  for (const h of hd.getHolidays(year)) {
    if (h.type === 'public') days.add(h.date.slice(0, 10));
  }
  days.add(`${year}-12-24`);
  days.add(`${year}-12-31`);
  if (country === 'SE' || country === 'FI') {
    // Midsummer Eve: the Friday between 19 and 25 June.
    for (let day = 19; day <= 25; day++) {
      const d = new Date(Date.UTC(year, 5, day));
      if (d.getUTCDay() === 5) days.add(iso(d));
    }
  }
  cache.set(key, days);
  return days;
}

/** Whether a plain date is an open day in a country, given extra provider closures. */
export function isOpenDay(date: string, country: Country, closures: ReadonlySet<string> = new Set()): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  const weekday = d.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  if (closures.has(date)) return false;
  return !closedDays(country, d.getUTCFullYear()).has(date);
}

/**
 * Every day from the first day of month `from` to the last day of month `to` (yyyy-MM),
 * each with whether it is open. At most 24 months.
 */
export function daysBetween(
  from: string,
  to: string,
  country: Country,
  closures: ReadonlySet<string> = new Set(),
): { date: string; isOpen: boolean }[] {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  const start = Date.UTC(fy, fm - 1, 1);
  const end = Date.UTC(ty, tm, 0);
  if (end < start || (ty - fy) * 12 + (tm - fm) > 24) return [];
  const out: { date: string; isOpen: boolean }[] = [];
  for (let t = start; t <= end; t += 86_400_000) {
    const date = iso(new Date(t));
    out.push({ date, isOpen: isOpenDay(date, country, closures) });
  }
  return out;
}

/** The next open day on or after a date (for default send dates). */
export function nextOpenDay(date: string, country: Country, closures: ReadonlySet<string> = new Set()): string {
  let t = Date.parse(`${date}T00:00:00Z`);
  for (let i = 0; i < 30; i++, t += 86_400_000) {
    const d = iso(new Date(t));
    if (isOpenDay(d, country, closures)) return d;
  }
  return date;
}
