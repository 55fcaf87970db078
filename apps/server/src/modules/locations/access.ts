/**
 * Who manages a customer's locations and their addresses (Company > Locations; spec section 6;
 * docs/company-locations.md): a customer admin of the acting customer, or a global admin for
 * any customer (the acting customer after a switch). Anyone else gets FORBIDDEN; a location
 * of another customer answers NOT_FOUND, exactly like a missing one.
 */
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** Whether the signed-in person is a global admin (the person, not the user switched to). */
export const isGlobalAdmin = (auth: AuthContext) => auth.loginUser.isGlobalAdmin || auth.user.isGlobalAdmin;

/** Throws FORBIDDEN unless the caller may manage the acting customer's locations. */
export function requireLocationAdmin(auth: AuthContext): void {
  if (isGlobalAdmin(auth)) return;
  if (auth.user.isCustomerAdmin && auth.user.customerId === auth.customerId) return;
  throw forbidden();
}

/** Throws NOT_FOUND unless the location belongs to the acting customer. */
export async function requireOwnLocation(db: Tx, auth: AuthContext, locationId: number): Promise<void> {
  const [found] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM locations WHERE id = ${locationId} AND customer_id = ${auth.customerId}`,
  );
  if (!found) throw notFound();
}
