/** Plain calendar dates (yyyy-MM-dd, no time of day, no zone): the one day arithmetic of the portal. */

/** `day` (yyyy-MM-dd) plus `days` calendar days (negative goes back). */
export function addPlainDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
