/**
 * The rule "never act as, or on, a user whose rights exceed one's own" on the server (issue 20;
 * `rightsBeyond` of @portal/domain; docs/company-users.md, "Acting as or on another user"): it
 * loads users' rights and an actor's own scope, and answers with RIGHTS_EXCEEDED (403). Used by
 * POST status (switch user), the account calls (modules/accounts/access.ts), POST Users
 * (modules/company/save-company-user.ts), the lists that offer users (GET Users, GET
 * CompanyUsers), and the session itself: a session acting as a user whose rights are no longer
 * within the signed-in user's acts as the signed-in user again (plugins/auth.ts).
 */
import { AppErrorCode, type RightsActor, rightsBeyond, rightsWithin, type Task, type UserRights } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { scopeOf } from './scope.js';

/** A user's rights, with what their own scope is computed from. */
export interface StoredRights extends UserRights {
  id: number;
  /** The primary location, or null. */
  locationId: number | null;
  /** Provider staff: a global admin or a user of the provider customer. */
  isProvider: boolean;
}

/** A stored user as the one who acts: `StoredRights` with their own scope. */
export interface StoredActor extends StoredRights, RightsActor {}

type RightsRow = Omit<StoredRights, 'tasks' | 'locationIds'> & { tasks: Task[]; locationIds: number[] };

const rightsSelect = sql`SELECT u.id, u.customer_id AS "customerId", u.location_id AS "locationId",
    u.is_global_admin AS "isGlobalAdmin", u.is_superuser AS "isSuperuser", u.is_support AS "isSupport",
    u.is_customer_admin AS "isCustomerAdmin", u.support_customer AS "supportCustomer", u.support_location AS "supportLocation",
    u.report_level AS "reportLevel", u.finance_report AS "financeReport", (u.is_global_admin OR c.is_provider) AS "isProvider",
    COALESCE((SELECT array_agg(t.task ORDER BY t.task) FROM user_tasks t WHERE t.user_id = u.id), '{}') AS tasks,
    ARRAY(SELECT u.location_id WHERE u.location_id IS NOT NULL
          UNION SELECT ul.location_id FROM user_locations ul WHERE ul.user_id = u.id) AS "locationIds"
  FROM users u JOIN customers c ON c.id = u.customer_id`;

const toRights = (r: RightsRow): StoredRights => ({
  ...r,
  id: Number(r.id),
  customerId: Number(r.customerId),
  locationId: r.locationId === null ? null : Number(r.locationId),
  reportLevel: Number(r.reportLevel),
  locationIds: r.locationIds.map(Number),
});

/** The rights of the users matching `where` (table alias `u`), by id. */
async function rightsWhere(db: Tx, where: SQL): Promise<Map<number, StoredRights>> {
  const list = await rows<RightsRow>(db, sql`${rightsSelect} WHERE ${where}`);
  return new Map(list.map((r) => [Number(r.id), toRights(r)]));
}

/** The rights of the users `ids` (at most a list's worth), by id; an unknown id is left out. */
export function rightsOfUsers(db: Tx, ids: readonly number[]): Promise<Map<number, StoredRights>> {
  if (ids.length === 0) return Promise.resolve(new Map());
  return rightsWhere(db, sql`u.id = ANY(${sql.param([...ids])}::int[])`);
}

/**
 * A user as the one who acts: their rights and their own scope (their report level seen from
 * their own customer and primary location, never from a customer or location they act for),
 * or null for an unknown user.
 */
export async function rightsActor(db: Tx, userId: number): Promise<StoredActor | null> {
  const rights = (await rightsWhere(db, sql`u.id = ${userId}`)).get(userId);
  if (!rights) return null;
  const scope = await scopeOf(db, { ...rights, userId: rights.id });
  return { ...rights, scope };
}

/**
 * Throws RIGHTS_EXCEEDED (403) unless every right of the user `targetId` is one `actor` holds.
 * `fields` maps each right beyond the actor's to the field message a form shows on it (POST
 * Users); without it the answer names no field. A user that does not exist is the caller's
 * business (this passes).
 */
export async function requireRightsWithin(
  db: Tx,
  actor: StoredActor,
  targetId: number,
  fields?: (beyond: ReturnType<typeof rightsBeyond>) => Record<string, string>,
): Promise<void> {
  if (actor.isGlobalAdmin || targetId === actor.id) return;
  const target = (await rightsOfUsers(db, [targetId])).get(targetId);
  if (!target) return;
  const beyond = rightsBeyond(actor, target);
  if (beyond.length > 0) throw new AppError(AppErrorCode.RIGHTS_EXCEEDED, {}, fields?.(beyond) ?? {});
}

/**
 * Whether a session may go on acting as `actingUserId` for `actingCustomerId` on behalf of the
 * signed-in `loginUser` (plugins/auth.ts): a global admin always; anyone else only for the acting
 * user's own customer (only global admins switch customer), and only while the acting user's
 * rights lie within the signed-in user's (they may have gained rights after the switch).
 */
export async function actingStaysWithin(
  db: Tx,
  loginUser: { id: number; isGlobalAdmin: boolean },
  acting: { id: number; customerId: number },
  actingCustomerId: number,
): Promise<boolean> {
  if (loginUser.isGlobalAdmin) return true;
  if (actingCustomerId !== acting.customerId) return false;
  if (acting.id === loginUser.id) return true;
  const actor = await rightsActor(db, loginUser.id);
  const target = (await rightsOfUsers(db, [acting.id])).get(acting.id);
  return !!actor && !!target && rightsWithin(actor, target);
}
