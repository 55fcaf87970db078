/**
 * Whose eyes a webhook sees with (issue 23: "only what the endpoint's customer may see"; the
 * developers' guide: authority follows the user): the user who registered the endpoint, acting for
 * the endpoint's customer: at the user's home location for its own customer (as an API key of the
 * user would), at the customer's default location for provider staff who registered it for a
 * customer. An inactive user sees nothing.
 */
import { isLocale } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { type AuthContext, loadUser } from '../../plugins/auth.js';
import { homeLocationId } from '../session/home-location.js';

/** The owner's view for an endpoint of `customerId`, or null when the user is inactive or gone. */
export async function ownerAuth(db: Db, userId: number, customerId: number): Promise<AuthContext | null> {
  const user = await loadUser(db, userId);
  if (!user?.isActive) return null;
  const [facts] = await rows<{ isProvider: boolean; defaultLocationId: number | null }>(
    db,
    sql`SELECT c.is_provider AS "isProvider",
          (SELECT l.id FROM locations l WHERE l.customer_id = ${customerId} AND l.status_id IN (1, 2)
            ORDER BY l.is_default DESC, l.id LIMIT 1) AS "defaultLocationId"
        FROM customers c WHERE c.id = ${user.customerId}`,
  );
  const locationId = user.customerId === customerId ? await homeLocationId(db, user) : (facts?.defaultLocationId ?? null);
  return {
    sessionId: 0,
    language: isLocale(user.language) ? user.language : 'nb-NO',
    loginUser: user,
    user,
    customerId,
    locationId: locationId === null ? null : Number(locationId),
    isProvider: user.isGlobalAdmin || !!facts?.isProvider,
  };
}
