/**
 * A location's "today" (docs/domain.md, "Today"): business dates (send dates, rental and count
 * days, report periods, due dates) follow the calendar of the location's country, in its time
 * zone, whatever the zone of the server or the browser. From 22:00 (summer) or 23:00 (winter)
 * UTC the Nordic date is already tomorrow's. The server and the web share this one rule.
 */
import type { Country } from './enums.js';

/** The time zone (IANA name) whose calendar a country's business dates follow. */
export const timeZoneByCountry: Record<Country, string> = {
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  DK: 'Europe/Copenhagen',
  FI: 'Europe/Helsinki',
};

/** The zone of a country the portal does not know: the provider's home, Oslo. */
export const DEFAULT_TIME_ZONE = timeZoneByCountry.NO;

/** The time zone of `country` (a country id such as 'FI'); Oslo's for an unknown one. */
export function timeZoneOf(country: string | null | undefined): string {
  return (country && (timeZoneByCountry as Record<string, string>)[country]) || DEFAULT_TIME_ZONE;
}

// en-CA writes dates as yyyy-MM-dd; one formatter per zone (building one is the slow part).
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today (yyyy-MM-dd) in a country at the instant `now` (default: the clock's): at 23:30 UTC on
 * 31 December it is already 1 January in Oslo and Helsinki; a count at 00:30 in Oslo is
 * today's there while UTC still says yesterday. An unknown country follows Oslo.
 */
export function todayIn(country: Country | string | null | undefined, now: Date = new Date()): string {
  const zone = timeZoneOf(country);
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, format);
  }
  return format.format(now);
}
