/**
 * POST Users (issue 9, "Users"; spec sections 3 and 6): creates a user of the acting customer
 * (no `id`) or updates one of its users, in one transaction. The rules (docs/company-users.md):
 * - Who: customer admins of the acting customer and global admins (company-admin.ts); another
 *   customer's user answers NOT_FOUND, as a missing one.
 * - A customer admin cannot give more than they hold (FORBIDDEN, 403, with the field's message):
 *   no global admin, no report level above their own, no finance-report permission unless they
 *   hold it, no task they do not hold (an empty list means every task), no location outside
 *   their own scope, and none of the provider's flags (support staff, the new-customer mail).
 *   Only a change is judged: a value the user already has may stay. A global admin may give
 *   everything.
 * - A customer admin changes only users whose rights lie within their own (issue 20;
 *   `rightsBeyond`): a global admin's account, or a user with finance, a higher report level,
 *   a task or a location they lack, answers RIGHTS_EXCEEDED (403) with the rights on their fields,
 *   whatever the change (an e-mail changed would let a reset link take the account over).
 * - Nobody deactivates or demotes themselves (FORBIDDEN with the field's message).
 * - The login name is unique regardless of case (VALIDATION, "This login name is taken").
 * - Locations (primary and secondary) are the customer's own; roles exist (VALIDATION). Input
 *   faults are answered before the refusals of grants (a location of another customer is 400).
 * - A new user gets an unusable password and a welcome link by mail to set one.
 * - Deactivating a user revokes their sessions at once.
 * - Who can sign in is not an API key's to change (issue 20; modules/api/session-only-calls.ts):
 *   with a key, a new user, another email or login name, or a user made active again answers
 *   FORBIDDEN (field `authorization`). A changed email is told to the old address
 *   (modules/accounts/email-change.ts).
 */
import { randomBytes } from 'node:crypto';
import { AppErrorCode, type CompanyUser, type RightBeyond, type SaveUserRequest, type Task } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { checkEmailChange, noticeEmailChange } from '../accounts/email-change.js';
import { requirePersonSignIn } from '../api/session-only-calls.js';
import { notifySessions } from '../caching/notify.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { requireRightsWithin, rightsActor } from '../session/rights-within.js';
import { type CompanyAdmin, requireCompanyAdmin } from './company-admin.js';
import { givableTasks, judgeRights, loadCompanyUser, type StoredCompanyUser } from './find-company-users.js';

type Fields = Record<string, string>;

/**
 * The fields of `input` that give more than a customer admin holds, with their message keys.
 * `current` is the stored user (null when creating): a value it already has is no grant.
 * `scope` is the admin's own scope (`rightsActor`; null: every location).
 */
export function escalations(
  auth: AuthContext,
  admin: CompanyAdmin,
  input: SaveUserRequest,
  current: StoredCompanyUser | null,
  scope: readonly number[] | null,
): Fields {
  if (admin.isGlobal) return {};
  const own = auth.user;
  const fields: Fields = {};
  if (input.isGlobalAdmin && !current?.isGlobalAdmin) fields.isGlobalAdmin = 'companyUsers.noGlobalAdmin';
  if (input.reportLevel > own.reportLevel && input.reportLevel !== current?.reportLevel)
    fields.reportLevel = 'companyUsers.reportLevelAboveOwn';
  if (input.financeReport && !own.financeReport && !current?.financeReport) fields.financeReport = 'companyUsers.financeNotHeld';
  if (input.isSupport !== (current?.isSupport ?? false)) fields.isSupport = 'companyUsers.providerOnly';
  if (input.notifications.newCustomer !== (current?.notifications.newCustomer ?? false))
    fields['notifications.newCustomer'] = 'companyUsers.providerOnly';
  const givable = givableTasks(own);
  const wanted: readonly Task[] = input.tasks.length === 0 ? [] : input.tasks;
  const same = current !== null && sameSet(wanted, current.tasks);
  if (!same && own.tasks.length > 0 && (wanted.length === 0 || wanted.some((task) => !givable.includes(task))))
    fields.tasks = 'companyUsers.tasksNotHeld';
  // A location is given when the user does not have it yet, as primary or secondary.
  const had = new Set(current ? [current.locationId, ...current.secondaryLocationIds] : []);
  const outside = (id: number | null) => id !== null && scope !== null && !scope.includes(id) && !had.has(id);
  if (outside(input.locationId)) fields.locationId = 'companyUsers.locationNotHeld';
  if (input.secondaryLocationIds.some(outside)) fields.secondaryLocationIds = 'companyUsers.locationNotHeld';
  return fields;
}

/**
 * The field messages of a refusal to change a user stronger than the caller: a global admin's
 * account says so on `isGlobalAdmin` alone; otherwise each right beyond the caller's on its field.
 */
function strongerAccountFields(beyond: readonly RightBeyond[]): Fields {
  if (beyond.includes('isGlobalAdmin')) return { isGlobalAdmin: 'companyUsers.globalAdminAccount' };
  const field = (right: RightBeyond) => (right === 'locations' ? 'locationId' : right);
  return Object.fromEntries(beyond.map((right) => [field(right), 'companyUsers.strongerAccount']));
}

/** The fields by which an administrator would deactivate or demote themselves. */
function selfDemotions(auth: AuthContext, input: SaveUserRequest, current: StoredCompanyUser | null): Fields {
  if (!current || current.id !== auth.user.id) return {};
  const fields: Fields = {};
  if (!input.isActive) fields.isActive = 'companyUsers.selfDeactivate';
  if (current.isCustomerAdmin && !input.isCustomerAdmin) fields.isCustomerAdmin = 'companyUsers.selfDemote';
  if (current.isGlobalAdmin && !input.isGlobalAdmin) fields.isGlobalAdmin = 'companyUsers.selfDemote';
  return fields;
}

/**
 * Refuses an API key a change of who can sign in (see the file comment).
 * @throws FORBIDDEN (field `authorization`) for a key that creates a user, changes the email or
 * login name, or makes an inactive user active
 */
function requireSignInFor(auth: AuthContext, input: SaveUserRequest, current: StoredCompanyUser | null): void {
  // Sign-in is by login name in any case (modules/auth/login.ts): another case is no change.
  if (!current || current.loginName.toLowerCase() !== input.loginName.toLowerCase() || (!current.isActive && input.isActive))
    requirePersonSignIn(auth);
  else checkEmailChange(auth, current.email, input.email);
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Input faults the database must answer: a login name in use, another customer's location, a missing role. */
async function inputFaults(tx: Tx, customerId: number, input: SaveUserRequest): Promise<Fields> {
  const fields: Fields = {};
  const [taken] = await rows<{ id: number }>(
    tx,
    sql`SELECT id FROM users WHERE lower(login_name) = lower(${input.loginName}) AND id <> ${input.id ?? 0} LIMIT 1`,
  );
  if (taken) fields.loginName = 'companyUsers.loginNameTaken';
  const locationIds = [...new Set([...(input.locationId ? [input.locationId] : []), ...input.secondaryLocationIds])];
  if (locationIds.length > 0) {
    const own = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM locations WHERE customer_id = ${customerId} AND id = ANY(${sql.param(locationIds)}::int[])`,
    );
    const ownIds = new Set(own.map((l) => Number(l.id)));
    if (input.locationId && !ownIds.has(input.locationId)) fields.locationId = 'companyUsers.locationNotOfCustomer';
    if (input.secondaryLocationIds.some((id) => !ownIds.has(id))) fields.secondaryLocationIds = 'companyUsers.locationNotOfCustomer';
  }
  if (input.roleIds.length > 0) {
    const found = await rows<{ id: number }>(tx, sql`SELECT id FROM roles WHERE id = ANY(${sql.param(input.roleIds)}::int[])`);
    if (found.length !== new Set(input.roleIds).size) fields.roleIds = 'validation.invalid';
  }
  return fields;
}

/**
 * A password hash no password matches (verifyPassword takes only `scrypt$...`): a new user's
 * until they set one through the welcome link. Random, so no two users share one.
 */
const unusablePasswordHash = () => `!unset$${randomBytes(16).toString('hex')}`;

/**
 * POST Users: see the file comment for the rules.
 * @param afterCreate runs in the transaction after a user is created (the welcome link)
 * @param request the call, for the log row of the change (kind adminChange, before and after)
 * @returns the saved user
 * @throws FORBIDDEN (not an administrator; a grant beyond the caller's own; self-demotion);
 *   RIGHTS_EXCEEDED (a user with a right the caller lacks); NOT_FOUND (another customer's or a
 *   missing user); VALIDATION (login name taken, a location of another customer, an unknown role)
 */
export async function saveCompanyUser(
  db: Db,
  auth: AuthContext,
  input: SaveUserRequest,
  afterCreate?: (tx: Tx, userId: number) => Promise<void>,
  request?: FastifyRequest,
): Promise<CompanyUser> {
  const admin = requireCompanyAdmin(auth);
  const locationId = input.locationId;
  const secondary = [...new Set(input.secondaryLocationIds)].filter((id) => id !== locationId);
  const tasks = [...new Set(input.tasks)];
  const roleIds = [...new Set(input.roleIds)];
  try {
    return await db.transaction(async (tx) => {
      const current = input.id ? await loadCompanyUser(tx, admin.customerId, input.id) : null;
      if (input.id && !current) throw notFound();
      requireSignInFor(auth, input, current);
      const actor = admin.isGlobal ? null : await rightsActor(tx, auth.user.id);
      if (actor && current) await requireRightsWithin(tx, actor, current.id, strongerAccountFields);
      // Bad input first: another customer's location is no location of this company (400), not one withheld (403).
      const faults = await inputFaults(tx, admin.customerId, input);
      if (Object.keys(faults).length) throw new AppError(AppErrorCode.VALIDATION, {}, faults);
      const refused = { ...escalations(auth, admin, input, current, actor?.scope ?? null), ...selfDemotions(auth, input, current) };
      if (Object.keys(refused).length) throw new AppError(AppErrorCode.FORBIDDEN, {}, refused);

      const n = input.notifications;
      const returnScheme = sql`COALESCE((SELECT is_return_scheme FROM locations WHERE id = ${locationId}), false)`;
      const names = sql`name, login_name, phone, email, language, is_active, location_id, is_global_admin, is_customer_admin,
        is_return_scheme, is_support, support_customer, support_location, report_level, finance_report, standard_draft,
        notify_auto_commit, notify_deviation, notify_disagree, notify_high_volume, notify_new_customer, notify_stock_level`;
      const values = sql`${input.name}, ${input.loginName}, ${input.phone?.trim() || null}, ${input.email}, ${input.language},
        ${input.isActive}, ${locationId}, ${input.isGlobalAdmin}, ${input.isCustomerAdmin}, ${returnScheme}, ${input.isSupport},
        ${input.supportCustomer}, ${input.supportLocation}, ${input.reportLevel}, ${input.financeReport}, ${input.standardDraft},
        ${n.autoCommit}, ${n.deviation}, ${n.disagree}, ${n.highVolume}, ${n.newCustomer}, ${n.stockLevel}`;
      let userId: number;
      if (current) {
        userId = current.id;
        await tx.execute(sql`UPDATE users SET (${names}) = (${values}) WHERE id = ${userId}`);
        await tx.execute(sql`DELETE FROM user_locations WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM user_tasks WHERE user_id = ${userId}`);
        await tx.execute(sql`DELETE FROM user_roles WHERE user_id = ${userId}`);
        // A deactivated user is signed out everywhere at once (their next call answers 401).
        if (current.isActive && !input.isActive)
          await tx.execute(
            sql`UPDATE sessions SET revoked_at = now() WHERE (login_user_id = ${userId} OR acting_user_id = ${userId}) AND revoked_at IS NULL`,
          );
        // Every server process drops the user's cached sessions on commit: a deactivation, and
        // changed rights (tasks, roles, flags, location), apply to the next call everywhere.
        await notifySessions(tx, { userId });
      } else {
        const [created] = await rows<{ id: number }>(
          tx,
          sql`INSERT INTO users (customer_id, password_hash, confirmed_gdpr, ${names})
              VALUES (${admin.customerId}, ${unusablePasswordHash()}, false, ${values}) RETURNING id`,
        );
        userId = Number(created?.id);
      }
      if (locationId)
        await tx.execute(sql`INSERT INTO user_locations (user_id, location_id, is_primary) VALUES (${userId}, ${locationId}, true)`);
      if (secondary.length)
        await tx.execute(sql`INSERT INTO user_locations (user_id, location_id, is_primary)
          SELECT ${userId}, id, false FROM unnest(${sql.param(secondary)}::int[]) AS id`);
      if (tasks.length)
        await tx.execute(sql`INSERT INTO user_tasks (user_id, task) SELECT ${userId}, t FROM unnest(${sql.param(tasks)}::text[]) AS t`);
      if (roleIds.length)
        await tx.execute(sql`INSERT INTO user_roles (user_id, role_id) SELECT ${userId}, r FROM unnest(${sql.param(roleIds)}::int[]) AS r`);
      if (!current) await afterCreate?.(tx, userId);
      else await noticeEmailChange(tx, userId, current.email);
      const saved = await loadCompanyUser(tx, admin.customerId, userId);
      if (!saved) throw notFound();
      await logAdminChange(tx, auth, { entity: 'user', id: userId, before: current, after: saved }, request);
      const [answer] = await judgeRights(tx, auth, admin, [saved]);
      if (!answer) throw notFound();
      return answer;
    });
  } catch (error) {
    // Two saves of one login name at once: the unique index lets one in.
    if (isUniqueViolation(error)) throw new AppError(AppErrorCode.VALIDATION, {}, { loginName: 'companyUsers.loginNameTaken' });
    throw error;
  }
}
