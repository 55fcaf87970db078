/**
 * Customers, locations and users for the switch dialog and the order dialog's party pickers
 * (spec section 7: GET Customers, GET Locations, GET locations, GET Users).
 */
import { areaByTransactionType, type Location, type MenuItemKey, rightsWithin } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { otherPartyCondition } from '../orders/order-parties.js';
import { locationColumns, locationJoins } from '../session/get-session-status.js';
import { requireArea } from '../session/menu-access.js';
import { rightsActor, rightsOfUsers } from '../session/rights-within.js';
import { switchableLocations } from '../session/switch-status.js';

/**
 * Customers the caller may switch to: a global admin every customer with statusId 1 or 2
 * (2 shown as Blocked); anyone else only their own.
 */
export async function listCustomers(db: Tx, auth: AuthContext, term?: string) {
  const list = await rows<{ id: number; name: string; statusId: number }>(
    db,
    sql`SELECT id, name, status_id AS "statusId" FROM customers
        WHERE status_id IN (1, 2)
          ${auth.loginUser.isGlobalAdmin ? sql`` : sql`AND id IN (${auth.customerId}, ${auth.loginUser.customerId})`}
          ${term ? sql`AND name ILIKE ${`${term.replace(/[%_\\]/g, '\\$&')}%`}` : sql``}
        ORDER BY name LIMIT 500`,
  );
  return list.map((c) => ({ ...c, status: c.statusId === 1 ? 'Active' : 'Blocked' }));
}

/** The menu areas whose dialogs place orders (and so pick the other party). */
const orderPlacingAreas: readonly MenuItemKey[] = Object.values(areaByTransactionType);

/** Locations of a customer the caller may switch to (GET Locations?canSwitch=true). */
export function listSwitchLocations(db: Tx, auth: AuthContext, customerId: number) {
  if (!auth.loginUser.isGlobalAdmin && customerId !== auth.customerId) throw forbidden();
  return switchableLocations(db, auth, customerId);
}

/**
 * Candidate other parties of an order (GET locations; spec section 5, "Location picker"):
 * active locations (statusId 1) of active customers and switchable types, never the caller's
 * acting location, each once. The other end of a purchase (1) or sale (2) is a provider depot
 * (NLP); of a delivery (3) any customer location that is not a depot, and for a returns-scheme
 * location also the sorting depots (where its returns go). `all=true` lifts the type rule.
 * Narrowed by pooling group, corporate group, customer and a name/number term when given.
 * The rule is POST Orders' own (orders/order-parties.ts). The picker belongs to the order
 * dialog of the kind: FORBIDDEN unless the acting location's menu offers it (without a type:
 * one of Orders/Buy, Dispatch/Sell, Delivery).
 */
export async function listOrderParties(
  db: Tx,
  auth: AuthContext,
  q: {
    transactiontype?: number;
    all?: boolean;
    poolingGroupId?: number;
    customerId_Corporate?: number;
    customerId?: number;
    term?: string;
  },
): Promise<Location[]> {
  const type = q.transactiontype;
  await requireArea(db, auth, type === 1 || type === 2 || type === 3 ? areaByTransactionType[type] : orderPlacingAreas);
  const party = await otherPartyCondition(db, { transactionTypeId: type, all: q.all, ownLocationId: auth.locationId });
  return rows<Location>(
    db,
    sql`SELECT DISTINCT ON (l.id) ${locationColumns} FROM locations l ${locationJoins}
        WHERE ${party.base} AND ${party.kind}
          ${q.poolingGroupId ? sql`AND l.pooling_group_id = ${q.poolingGroupId}` : sql``}
          ${q.customerId_Corporate ? sql`AND COALESCE(c.customer_id_corporate, c.id) = ${q.customerId_Corporate}` : sql``}
          ${q.customerId ? sql`AND l.customer_id = ${q.customerId}` : sql``}
          ${q.term ? sql`AND (l.name ILIKE ${`%${q.term.replace(/[%_\\]/g, '\\$&')}%`} OR l.number LIKE ${`${q.term.replace(/[%_\\]/g, '\\$&')}%`})` : sql``}
        ORDER BY l.id LIMIT 500`,
  );
}

/**
 * Users for the switch dialog (GET Users): a global admin sees the users of any customer; a
 * customer admin the customer admins and the users of the chosen location of their customer
 * whose rights lie within their own (issue 20: the users POST status lets them act as); others
 * only themselves. The signed-in user is always offered (to return to).
 * @throws FORBIDDEN for a `locationId` outside a customer admin's own scope
 */
export async function listUsers(db: Tx, auth: AuthContext, q: { customerId?: number; locationId?: number; isActive?: boolean }) {
  const customerId = q.customerId ?? auth.customerId;
  const admin = auth.loginUser;
  if (!admin.isGlobalAdmin && !(admin.isCustomerAdmin && customerId === admin.customerId)) {
    return rows(
      db,
      sql`SELECT id, name, login_name AS "loginName", is_customer_admin AS "isCustomerAdmin",
      location_id AS "locationId", is_active AS "isActive" FROM users WHERE id = ${auth.user.id}`,
    );
  }
  const actor = admin.isGlobalAdmin ? null : await rightsActor(db, admin.id);
  if (q.locationId && actor && actor.scope !== null && !actor.scope.includes(q.locationId)) throw forbidden();
  const users = await rows<{
    id: number;
    name: string;
    loginName: string;
    isCustomerAdmin: boolean;
    locationId: number | null;
    isActive: boolean;
  }>(
    db,
    sql`SELECT DISTINCT u.id, u.name, u.login_name AS "loginName", u.is_customer_admin AS "isCustomerAdmin",
          u.location_id AS "locationId", u.is_active AS "isActive"
        FROM users u LEFT JOIN user_locations ul ON ul.user_id = u.id
        WHERE u.customer_id = ${customerId}
          ${q.isActive === undefined ? sql`` : sql`AND u.is_active = ${q.isActive}`}
          ${q.locationId ? sql`AND (u.is_customer_admin OR u.location_id = ${q.locationId} OR ul.location_id = ${q.locationId})` : sql``}
        ORDER BY u.name LIMIT 500`,
  );
  if (!actor) return users;
  const rights = await rightsOfUsers(
    db,
    users.map((u) => Number(u.id)),
  );
  return users.filter((u) => {
    const target = rights.get(Number(u.id));
    return Number(u.id) === admin.id || (target !== undefined && rightsWithin(actor, target));
  });
}
