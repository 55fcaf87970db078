/**
 * Who sees and acts on which support case (docs/support.md, "Who sees what"; spec section 6,
 * "Support: support (customer), support (location)"):
 * - provider staff (global admins and users of the provider customer, `auth.isProvider`) see every
 *   case and manage them (take, status, priority, internal note, templates);
 * - a customer's user sees the cases of the acting customer that it opened itself; with "support
 *   (customer)" (users.support_customer), and as customer admin, every case of the customer; with
 *   "support (location)" (users.support_location), the cases of its own locations (primary,
 *   secondary and the acting one).
 * A case outside answers NOT_FOUND, as if it did not exist.
 */
import type { SupportStatus } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** Whether the caller is provider staff: sees every case and manages them. */
export function isSupportStaff(auth: AuthContext): boolean {
  return auth.isProvider;
}

/**
 * A condition on a case row aliased `t` that holds for the cases the caller sees (see above).
 * Provider staff: TRUE.
 */
export async function visibleTicketsCondition(db: Tx, auth: AuthContext): Promise<SQL> {
  if (isSupportStaff(auth)) return sql`TRUE`;
  const [flags] = await rows<{ supportCustomer: boolean; supportLocation: boolean }>(
    db,
    sql`SELECT support_customer AS "supportCustomer", support_location AS "supportLocation" FROM users WHERE id = ${auth.user.id}`,
  );
  const own = sql`t.customer_id = ${auth.customerId}`;
  if (auth.user.isCustomerAdmin || flags?.supportCustomer) return own;
  const mine = sql`t.user_id = ${auth.user.id}`;
  if (!flags?.supportLocation) return sql`(${own} AND ${mine})`;
  return sql`(${own} AND (${mine} OR t.location_id IN (
    SELECT location_id FROM user_locations WHERE user_id = ${auth.user.id}
    UNION SELECT location_id FROM users WHERE id = ${auth.user.id} AND location_id IS NOT NULL
    UNION SELECT ${auth.locationId ?? 0}::int)))`;
}

/** What the use cases need of a case the caller sees. */
export interface VisibleTicket {
  id: number;
  customerId: number;
  locationId: number | null;
  userId: number;
  status: SupportStatus;
  priority: string;
  assignedUserId: number | null;
  topic: string;
}

/**
 * The case `id` if the caller sees it; `lock` takes its row for the transaction (FOR UPDATE), so
 * two changes at once apply one after the other.
 * @throws NOT_FOUND when missing or outside the caller's cases
 */
export async function visibleTicket(db: Tx, auth: AuthContext, id: number, lock = false): Promise<VisibleTicket> {
  const condition = await visibleTicketsCondition(db, auth);
  const [ticket] = await rows<VisibleTicket>(
    db,
    sql`SELECT t.id, t.customer_id AS "customerId", t.location_id AS "locationId", t.user_id AS "userId", t.status,
          t.priority, t.assigned_user_id AS "assignedUserId", t.topic
        FROM support_tickets t WHERE t.id = ${id} AND ${condition} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  if (!ticket) throw notFound();
  return {
    ...ticket,
    id: Number(ticket.id),
    customerId: Number(ticket.customerId),
    locationId: ticket.locationId === null ? null : Number(ticket.locationId),
    userId: Number(ticket.userId),
    assignedUserId: ticket.assignedUserId === null ? null : Number(ticket.assignedUserId),
  };
}
