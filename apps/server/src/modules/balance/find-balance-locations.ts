/**
 * GET BalanceLocations: the locations whose balance the caller may read, for the balance
 * screen's location select (docs/domain.md, "Balance screen"): the caller's scope
 * (`scopeLocationIds`: a Location-level user's primary and secondary locations and the acting
 * one, a Customer-level user's customer, a chain's group ...; global admins every location).
 */
import type { BalanceLocation } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { scopeLocationIds } from '../session/scope.js';
import { atLocations } from './location-filter.js';

/**
 * The locations in the caller's scope, the acting location first, then by customer and name.
 * @throws NOT_FOUND without an acting location (as GET Inventory)
 */
export async function findBalanceLocations(db: Tx, auth: AuthContext): Promise<BalanceLocation[]> {
  if (auth.locationId === null) throw notFound();
  const scope = await scopeLocationIds(db, auth);
  const list = await rows<BalanceLocation>(
    db,
    sql`SELECT l.id, l.name, l.number, l.customer_id AS "customerId", c.name AS "customerName", l.country_id AS "countryId"
        FROM locations l JOIN customers c ON c.id = l.customer_id
        WHERE ${atLocations(sql`l.id`, scope)}
        ORDER BY l.id = ${auth.locationId} DESC, c.name, l.name, l.id`,
  );
  return list.map((l) => ({ ...l, id: Number(l.id), customerId: Number(l.customerId) }));
}
