/**
 * Container-days and day rent of a rental (issue 11; docs/containers.md, "Day rent"): a
 * container is charged for each day from `assigned_on` to `returned_on` inclusive, or to the day
 * asked for while it is out. The same rule prices the monthly pooling invoice's `containerRent`
 * lines (`containerDaysSql`, modules/invoices).
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * The days a container of a rental is held from `assignedOn` to `returnedOn` (or `today` while
 * out), inclusive; 0 when it was assigned after `today`.
 */
export function daysHeld(assignedOn: string, returnedOn: string | null, today: string): number {
  const last = returnedOn ?? today;
  if (last < assignedOn) return 0;
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${assignedOn}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * SQL for the container-days of rental containers `rc` within `from` to `to` (yyyy-MM-dd,
 * inclusive): each day from `assigned_on` to `returned_on` (or `to` while out) that falls in
 * the window; 0 for a container outside it.
 */
export function containerDaysSql(from: string, to: string): SQL {
  return sql`GREATEST(0, (LEAST(COALESCE(rc.returned_on, ${to}::date), ${to}::date) - GREATEST(rc.assigned_on, ${from}::date)) + 1)`;
}
