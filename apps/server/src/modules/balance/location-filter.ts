/** Which locations a balance call reads: the SQL condition of a set of them, and the check of one. */
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertLocationInScope } from '../session/scope.js';

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

/**
 * Throws NOT_FOUND unless `locationId` is in the caller's scope and exists (a global scope
 * holds every id, also one no location has).
 */
export async function assertBalanceLocation(db: Tx, auth: AuthContext, locationId: number): Promise<void> {
  await assertLocationInScope(db, auth, locationId);
  const [found] = await rows<{ id: number }>(db, sql`SELECT id FROM locations WHERE id = ${locationId}`);
  if (!found) throw notFound();
}
