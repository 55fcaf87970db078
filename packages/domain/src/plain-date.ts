/** Plain calendar dates (yyyy-MM-dd, no time of day, no zone): the one day arithmetic of the portal. */

/** `day` (yyyy-MM-dd) plus `days` calendar days (negative goes back). */
export function addPlainDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Whole days from 1970-01-01 to `day` (yyyy-MM-dd): day arithmetic without a step per day. */
export function plainDayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}
