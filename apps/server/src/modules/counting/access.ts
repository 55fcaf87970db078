/**
 * Who registers and reads count audits (Company > Counting; docs/domain.md, "Count audits"):
 * the Company menu is My company, so customer admins, for the locations of their own customer
 * that lie in their scope, and provider staff (global admins and the provider's own users), for
 * every location: they confirm the counts. Anyone else gets FORBIDDEN; a location outside the
 * caller's counting scope answers NOT_FOUND, as if it did not exist.
 */
import type { Country } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { scopeLocationIds } from '../session/scope.js';

/**
 * The locations whose counts the caller registers and reads: `null` for every location (provider
 * staff), else the acting customer admin's own customer's locations within its scope.
 * @throws FORBIDDEN for a user who is neither provider staff nor a customer admin
 */
export async function countingLocationIds(db: Tx, auth: AuthContext): Promise<number[] | null> {
  if (auth.isProvider) return null;
  if (!auth.user.isCustomerAdmin) throw forbidden();
  const scope = await scopeLocationIds(db, auth);
  const own = await rows<{ id: number }>(db, sql`SELECT id FROM locations WHERE customer_id = ${auth.user.customerId}`);
  return own.map((l) => Number(l.id)).filter((id) => scope === null || scope.includes(id));
}

/** A condition on a location id column: within `ids`, or true for every location. */
export function locationCondition(column: SQL, ids: number[] | null): SQL {
  if (ids === null) return sql`TRUE`;
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** What the counting use cases need of a counted location. */
export interface CountedLocation {
  id: number;
  name: string;
  customerId: number;
  countryId: Country;
  isPooling: boolean;
  typeId: string;
}

/**
 * The location `locationId` if the caller may register and read its counts.
 * @throws FORBIDDEN for a user without counting rights; NOT_FOUND for a location outside them
 */
export async function countableLocation(db: Tx, auth: AuthContext, locationId: number): Promise<CountedLocation> {
  const ids = await countingLocationIds(db, auth);
  if (ids !== null && !ids.includes(locationId)) throw notFound();
  const [location] = await rows<CountedLocation>(
    db,
    sql`SELECT id, name, customer_id AS "customerId", country_id AS "countryId", is_pooling AS "isPooling", type_id AS "typeId"
        FROM locations WHERE id = ${locationId}`,
  );
  if (!location) throw notFound();
  return { ...location, id: Number(location.id), customerId: Number(location.customerId) };
}
