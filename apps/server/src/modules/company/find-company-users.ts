/**
 * GET CompanyUsers and GET CompanyUserOptions (issue 9, "Users"; spec sections 3 and 6): the
 * acting customer's users with everything the user dialog edits and their last sign-in, and
 * what the dialog offers. Customer admins of the customer and global admins (company-admin.ts).
 */
import {
  tasks as allTasks,
  COMPANY_USERS_MAX,
  type CompanyUser,
  type CompanyUserOptions,
  type CompanyUsersList,
  type CompanyUsersQuery,
  type Locale,
  rightsWithin,
  type Task,
} from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import { rows, sql, type Tx } from '../../db/client.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { rightsActor, rightsOfUsers } from '../session/rights-within.js';
import { type CompanyAdmin, requireCompanyAdmin } from './company-admin.js';
import { roleName } from './role-names.js';

/** A user as stored, before `withinRights` is judged for a caller. */
export type StoredCompanyUser = Omit<CompanyUser, 'withinRights'>;

interface UserRecord extends Omit<StoredCompanyUser, 'notifications' | 'lastLoginAt'> {
  notifyAutoCommit: boolean;
  notifyDeviation: boolean;
  notifyDisagree: boolean;
  notifyHighVolume: boolean;
  notifyNewCustomer: boolean;
  notifyStockLevel: boolean;
  lastLoginAt: Date | string | null;
}

const userSelect = sql`SELECT u.id, u.customer_id AS "customerId", u.name, u.login_name AS "loginName", u.phone, u.email,
    u.language, u.is_active AS "isActive", u.location_id AS "locationId", l.name AS "locationName",
    COALESCE((SELECT array_agg(ul.location_id ORDER BY ul.location_id) FROM user_locations ul
      WHERE ul.user_id = u.id AND NOT ul.is_primary AND ul.location_id IS DISTINCT FROM u.location_id), '{}') AS "secondaryLocationIds",
    COALESCE((SELECT array_agg(ur.role_id ORDER BY ur.role_id) FROM user_roles ur WHERE ur.user_id = u.id), '{}') AS "roleIds",
    u.is_global_admin AS "isGlobalAdmin", u.is_customer_admin AS "isCustomerAdmin", u.is_support AS "isSupport",
    u.support_customer AS "supportCustomer", u.support_location AS "supportLocation", u.report_level AS "reportLevel",
    u.finance_report AS "financeReport", u.standard_draft AS "standardDraft",
    COALESCE((SELECT array_agg(t.task ORDER BY t.task) FROM user_tasks t WHERE t.user_id = u.id), '{}') AS tasks,
    u.notify_auto_commit AS "notifyAutoCommit", u.notify_deviation AS "notifyDeviation", u.notify_disagree AS "notifyDisagree",
    u.notify_high_volume AS "notifyHighVolume", u.notify_new_customer AS "notifyNewCustomer",
    u.notify_stock_level AS "notifyStockLevel", u.last_login_at AS "lastLoginAt"
  FROM users u LEFT JOIN locations l ON l.id = u.location_id`;

function toCompanyUser(r: UserRecord): StoredCompanyUser {
  return {
    id: Number(r.id),
    customerId: Number(r.customerId),
    name: r.name,
    loginName: r.loginName,
    phone: r.phone,
    email: r.email,
    language: r.language,
    isActive: r.isActive,
    locationId: r.locationId === null ? null : Number(r.locationId),
    locationName: r.locationName,
    secondaryLocationIds: r.secondaryLocationIds.map(Number),
    roleIds: r.roleIds.map(Number),
    isGlobalAdmin: r.isGlobalAdmin,
    isCustomerAdmin: r.isCustomerAdmin,
    isSupport: r.isSupport,
    supportCustomer: r.supportCustomer,
    supportLocation: r.supportLocation,
    reportLevel: Number(r.reportLevel),
    financeReport: r.financeReport,
    standardDraft: r.standardDraft,
    tasks: r.tasks,
    notifications: {
      autoCommit: r.notifyAutoCommit,
      deviation: r.notifyDeviation,
      disagree: r.notifyDisagree,
      highVolume: r.notifyHighVolume,
      newCustomer: r.notifyNewCustomer,
      stockLevel: r.notifyStockLevel,
    },
    lastLoginAt: isoInstant(r.lastLoginAt),
  };
}

/** Users of a customer matching `where` (table alias `u`), by name. */
async function selectUsers(db: Tx, customerId: number, where: SQL, limit: number): Promise<StoredCompanyUser[]> {
  const list = await rows<UserRecord>(
    db,
    sql`${userSelect} WHERE u.customer_id = ${customerId} AND ${where} ORDER BY lower(u.name), u.id LIMIT ${limit}`,
  );
  return list.map(toCompanyUser);
}

/** One user of a customer, or null (another customer's user is as missing as a missing one). */
export async function loadCompanyUser(db: Tx, customerId: number, userId: number): Promise<StoredCompanyUser | null> {
  const [user] = await selectUsers(db, customerId, sql`u.id = ${userId}`, 1);
  return user ?? null;
}

/**
 * The users with `withinRights` judged for the caller (the acting user, as every company call:
 * company-admin.ts): true for a global admin, otherwise `rightsWithin` of the caller's own
 * rights and scope (modules/session/rights-within.ts).
 */
export async function judgeRights(db: Tx, auth: AuthContext, admin: CompanyAdmin, users: StoredCompanyUser[]): Promise<CompanyUser[]> {
  const actor = admin.isGlobal ? null : await rightsActor(db, auth.user.id);
  if (!actor) return users.map((u) => ({ ...u, withinRights: true }));
  const rights = await rightsOfUsers(
    db,
    users.map((u) => u.id),
  );
  return users.map((u) => {
    const target = rights.get(u.id);
    return { ...u, withinRights: u.id === actor.id || (target !== undefined && rightsWithin(actor, target)) };
  });
}

/**
 * GET CompanyUsers: the acting customer's users by name, at most COMPANY_USERS_MAX, with the
 * number that match the filters (see ZCompanyUsersQuery).
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function findCompanyUsers(db: Tx, auth: AuthContext, q: CompanyUsersQuery): Promise<CompanyUsersList> {
  const admin = requireCompanyAdmin(auth);
  const where = sql.join(
    [
      sql`TRUE`,
      ...(q.isActive === undefined ? [] : [sql`u.is_active = ${q.isActive}`]),
      ...(q.locationId
        ? [
            sql`(u.location_id = ${q.locationId} OR EXISTS (SELECT 1 FROM user_locations ul WHERE ul.user_id = u.id AND ul.location_id = ${q.locationId}))`,
          ]
        : []),
      ...(q.roleId ? [sql`EXISTS (SELECT 1 FROM user_roles ur WHERE ur.user_id = u.id AND ur.role_id = ${q.roleId})`] : []),
      ...(q.customerAdmin === undefined ? [] : [sql`u.is_customer_admin = ${q.customerAdmin}`]),
    ],
    sql` AND `,
  );
  const users = await judgeRights(db, auth, admin, await selectUsers(db, admin.customerId, where, COMPANY_USERS_MAX));
  const [total] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM users u WHERE u.customer_id = ${admin.customerId} AND ${where}`,
  );
  return { users, count: Number(total?.n ?? users.length) };
}

/**
 * The tasks an administrator may give: every task when they hold all (an empty list, spec
 * section 6), else their own.
 */
export function givableTasks(user: { tasks: readonly Task[] }): Task[] {
  return user.tasks.length === 0 ? [...allTasks] : [...user.tasks];
}

/**
 * GET CompanyUserOptions: the acting customer's locations (any status) and the roles (named in
 * `locale`, sorted by that name: role-names.ts), and the caller's limits (docs/company-users.md).
 * @throws FORBIDDEN unless the caller administers the acting customer
 */
export async function getCompanyUserOptions(db: Tx, auth: AuthContext, locale: Locale): Promise<CompanyUserOptions> {
  const admin = requireCompanyAdmin(auth);
  const locations = await rows<{ id: number; name: string; number: string; statusId: number }>(
    db,
    sql`SELECT id, name, number, status_id AS "statusId" FROM locations WHERE customer_id = ${admin.customerId} ORDER BY name, id`,
  );
  const t = translator(locale);
  const roles = (await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM roles ORDER BY id`))
    .map((r) => ({ id: Number(r.id), name: roleName(t, r.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale) || a.id - b.id);
  const user = auth.user;
  return {
    locations: locations.map((l) => ({ ...l, id: Number(l.id), statusId: Number(l.statusId) })),
    roles,
    limits: {
      isGlobalAdmin: admin.isGlobal,
      maxReportLevel: admin.isGlobal ? 4 : user.reportLevel,
      financeReport: admin.isGlobal || user.financeReport,
      tasks: admin.isGlobal ? [...allTasks] : givableTasks(user),
      providerFlags: admin.isGlobal,
    },
  };
}
