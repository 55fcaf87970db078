/**
 * Who sees and steps which container order (docs/container-orders.md, "Who sees what"; spec
 * section 6, "Container needs the CONTAINER task and active container feature (global admin needs
 * only the feature)"):
 * - every call needs the Container menu area at the acting location (`requireArea`), else 403;
 * - provider staff (global admins and the provider's own users, `auth.isProvider`) see every
 *   order and make the provider's steps (confirm, deliver, cancel);
 * - a customer's users see the orders of the locations in their scope (`scopeLocationIds`) and
 *   are the ordering side of them (change an Open order, cancel it).
 * An order outside answers NOT_FOUND, as if it did not exist.
 */
import type { ContainerOrderActor, ContainerOrderStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireArea } from '../session/menu-access.js';
import { scopeLocationIds } from '../session/scope.js';

/**
 * Checks the Container area and answers the locations whose orders the caller sees: `null` for
 * every location (provider staff), else the caller's scope.
 * @throws FORBIDDEN without the Container area at the acting location
 */
export async function containerOrderScope(db: Tx, auth: AuthContext): Promise<number[] | null> {
  await requireArea(db, auth, 'containers');
  if (auth.isProvider) return null;
  return scopeLocationIds(db, auth);
}

/** A condition on a location id column: within `ids`, or true for every location. */
export function inLocations(column: SQL, ids: number[] | null): SQL {
  if (ids === null) return sql`TRUE`;
  if (ids.length === 0) return sql`FALSE`;
  return sql`${column} IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** The side the caller takes on an order: provider staff, else the ordering side. */
export function containerOrderActor(auth: AuthContext): ContainerOrderActor {
  return auth.isProvider ? 'P' : 'O';
}

/** What the use cases need of an order the caller sees. */
export interface VisibleContainerOrder {
  id: number;
  locationId: number;
  locationName: string;
  countryId: string;
  status: ContainerOrderStatus;
  productId: number | null;
  quantity: number;
  wantedDate: string | null;
  orderedByUserId: number | null;
}

/**
 * The order `id` if the caller sees it (after the Container area check); `lock` takes its row
 * for the transaction (FOR UPDATE), so of two steps at once the second waits and then sees the
 * first's outcome.
 * @throws FORBIDDEN without the Container area; NOT_FOUND when missing or outside the caller's scope
 */
export async function visibleContainerOrder(db: Tx, auth: AuthContext, id: number, lock = false): Promise<VisibleContainerOrder> {
  const scope = await containerOrderScope(db, auth);
  const [order] = await rows<VisibleContainerOrder>(
    db,
    sql`SELECT o.id, o.location_id AS "locationId", l.name AS "locationName", l.country_id AS "countryId", o.status,
          o.product_id AS "productId", o.quantity, o.wanted_date AS "wantedDate", o.ordered_by_user_id AS "orderedByUserId"
        FROM container_orders o JOIN locations l ON l.id = o.location_id
        WHERE o.id = ${id} AND ${inLocations(sql`o.location_id`, scope)} ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  if (!order) throw notFound();
  return {
    ...order,
    id: Number(order.id),
    locationId: Number(order.locationId),
    productId: order.productId === null ? null : Number(order.productId),
    quantity: Number(order.quantity),
    orderedByUserId: order.orderedByUserId === null ? null : Number(order.orderedByUserId),
  };
}
