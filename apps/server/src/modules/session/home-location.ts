/**
 * The location a session of a user starts at (POST Login), and falls back to when it may no
 * longer act as another user (plugins/auth.ts): the user's primary location, else their first
 * location of their customer that is active or blocked (a secondary one first, then the
 * customer's default), or null when the customer has none.
 */
import { rows, sql, type Tx } from '../../db/client.js';

/** The home location of a user (see the file comment). */
export async function homeLocationId(db: Tx, user: { id: number; customerId: number; locationId: number | null }): Promise<number | null> {
  if (user.locationId !== null) return user.locationId;
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT l.id FROM locations l LEFT JOIN user_locations ul ON ul.location_id = l.id AND ul.user_id = ${user.id}
        WHERE l.customer_id = ${user.customerId} AND l.status_id IN (1, 2)
        ORDER BY ul.is_primary DESC NULLS LAST, l.is_default DESC, l.id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}
