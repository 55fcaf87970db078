/**
 * Who reaches containers and rentals (issue 11; spec section 6, "Container"; docs/containers.md,
 * "Who may do what"): every call needs the Container menu area at the acting location (the
 * CONTAINER task and the location's container feature; a global admin needs only the feature:
 * `requireArea`), else 403. Provider staff (global admins and the provider's own users, as in
 * counting and support) see and act on every container and rental; a customer's users see the
 * containers and rentals of the locations in their scope, and anything else answers 404 as if it
 * did not exist.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';

/** What a use case knows of the caller after `containerAccess`. */
export interface ContainerAccess {
  /** Provider staff: every rental and container, and the provider's steps (assign, close). */
  provider: boolean;
  /** The locations whose rentals and containers the caller sees; null for every location. */
  scope: number[] | null;
}

/**
 * Checks the Container area first (403 FORBIDDEN without it), then answers the caller's reach.
 * @throws FORBIDDEN when the acting user's menu has no Container area at the acting location
 */
export async function containerAccess(db: Tx, auth: AuthContext): Promise<ContainerAccess> {
  await requireArea(db, auth, 'containers');
  if (auth.isProvider) return { provider: true, scope: null };
  return { provider: false, scope: await scopeLocationIds(db, auth) };
}

/** A condition on a location id column: within `ids`, or true for every location (null). */
export function inLocations(column: SQL, ids: number[] | null): SQL {
  if (ids === null) return sql`TRUE`;
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
