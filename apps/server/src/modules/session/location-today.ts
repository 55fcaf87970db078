/**
 * Today at a location (docs/domain.md, "Today"): the date in its country's time zone
 * (`todayIn` of @portal/domain, the rule the web's `useToday` shares), never UTC's or the
 * server's: from 22:00 or 23:00 UTC the Nordic date is already tomorrow's.
 */
import { todayIn } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * Today (yyyy-MM-dd) at location `locationId` at the instant `now`; a session without a
 * location (null) or an unknown id follows Oslo, the provider's home.
 */
export async function todayAtLocation(db: Tx, locationId: number | null, now: Date = new Date()): Promise<string> {
  if (locationId === null) return todayIn(null, now);
  const [row] = await rows<{ countryId: string }>(db, sql`SELECT country_id AS "countryId" FROM locations WHERE id = ${locationId}`);
  return todayIn(row?.countryId ?? null, now);
}

/** Today (yyyy-MM-dd) at the session's acting location (`auth.locationId`), as `todayAtLocation`. */
export function sessionToday(db: Tx, auth: Pick<AuthContext, 'locationId'>, now: Date = new Date()): Promise<string> {
  return todayAtLocation(db, auth.locationId, now);
}
