/**
 * The movements after a day without walking the years after it (issue 21, "Ten years of data"):
 * the months after the day's month from `ledger_months` (a row per location, product, kind and
 * month, kept by triggers; schema/balance.ts), and the entries of the day's own month from the day
 * on. Their sum per location, product and kind is what the ledger moved from the day on, so the
 * balance at a day is the running total in `balances` minus it: a read of at most one row per
 * month since (12 a year) and one month of entries, whatever the ledger's length.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL rows (location_id, product_id, balance_kind, quantity) whose sum per location, product and
 * kind is the net of the ledger entries booked on or after `day` (yyyy-MM-dd; `after` true: after
 * it). `filter` is a condition on the columns location_id, product_id and balance_kind, which both
 * tables share (unqualified).
 */
export function movementsFromSql(filter: SQL, day: string, after = false): SQL {
  const month = sql`date_trunc('month', ${day}::date::timestamp)`;
  return sql`SELECT location_id, product_id, balance_kind, quantity FROM ledger_months
      WHERE ${filter} AND month >= (${month} + interval '1 month')::date
    UNION ALL
    SELECT location_id, product_id, balance_kind, quantity::bigint FROM ledger_entries
      WHERE ${filter} AND booking_date ${after ? sql`>` : sql`>=`} ${day}::date
        AND booking_date < (${month} + interval '1 month')::date`;
}
