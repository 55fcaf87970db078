/** The SQL condition "a location column is one of these locations", shared by the balance reads. */
import { type SQL, sql } from 'drizzle-orm';

/**
 * `column` holds one of `locationIds`; `null` means any location (a global scope), an empty
 * list none. One id compares with `=`, several with `= ANY(int[])`, so either way the
 * location's index serves the read.
 */
export function atLocations(column: SQL, locationIds: readonly number[] | null): SQL {
  if (locationIds === null) return sql`${column} IS NOT NULL`;
  if (locationIds.length === 0) return sql`false`;
  if (locationIds.length === 1) return sql`${column} = ${locationIds[0]}`;
  return sql`${column} = ANY(${`{${locationIds.join(',')}}`}::int[])`;
}
