/**
 * POST status: switch the acting customer, location or user (spec section 6):
 * - a global admin may switch customer; with the returns-scheme flag (is{product}) also user;
 * - a customer admin may switch to customer admins and users of a location of their customer;
 * - anyone may switch location when more than one is available, and return to themselves.
 * A user may act only as users whose rights lie within the signed-in user's (issue 20:
 * `rightsBeyond`, modules/session/rights-within.ts): no customer admin acts as a global admin,
 * nor as a user with finance, a higher report level, a task or a location they lack.
 * Only customers and locations with statusId 1 or 2 of switchable types are offered.
 * Errors: SWITCH_NOT_ALLOWED (403) for a target outside these rules; RIGHTS_EXCEEDED (403) for
 * a user with a right the signed-in user lacks.
 */
import { AppErrorCode, locationTypes, type SwitchStatusRequest } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { loadUser } from '../../plugins/auth.js';
import { notifySessions } from '../caching/notify.js';
import { writeLog } from '../global/write-log.js';
import { requireRightsWithin, rightsActor } from './rights-within.js';
import { scopeLocationIds } from './scope.js';

const notAllowed = () => new AppError(AppErrorCode.SWITCH_NOT_ALLOWED);

/** Whether the login user may act as other users (spec section 6). */
export function canSwitchUser(auth: AuthContext): boolean {
  return (auth.loginUser.isGlobalAdmin && auth.loginUser.isReturnScheme) || auth.loginUser.isCustomerAdmin;
}

/**
 * Locations the caller may switch to within a customer: statusId 1 or 2, switchable type;
 * a global admin any of the customer's, others those in their scope.
 */
export async function switchableLocations(db: Tx, auth: AuthContext, customerId: number) {
  const all = await rows<{ id: number; name: string; isDefault: boolean; statusId: number; typeId: string; customerId: number }>(
    db,
    sql`SELECT id, name, is_default AS "isDefault", status_id AS "statusId", type_id AS "typeId", customer_id AS "customerId"
        FROM locations WHERE customer_id = ${customerId} AND status_id IN (1, 2)
          AND type_id IN (${sql.join(
            locationTypes.map((t) => sql`${t}`),
            sql`, `,
          )})
        ORDER BY is_default DESC, name`,
  );
  if (auth.loginUser.isGlobalAdmin) return all;
  const scope = await scopeLocationIds(db, auth);
  return scope === null ? all : all.filter((l) => scope.includes(l.id));
}

/**
 * POST status: switches the session's acting user, customer and location and logs the switch
 * (kind switch, before and after), in one transaction.
 * @throws SWITCH_NOT_ALLOWED (403) for a target the caller may not act as; RIGHTS_EXCEEDED (403)
 *   for a user whose rights exceed the signed-in user's
 */
export async function switchStatus(db: Db, auth: AuthContext, input: SwitchStatusRequest, request?: FastifyRequest): Promise<void> {
  let userId = auth.user.id;
  let customerId = auth.customerId;
  let locationId: number | null = input.locationId ?? null;

  if (input.userId !== undefined && input.userId !== auth.user.id) {
    const target = await loadUser(db, input.userId);
    if (!target?.isActive) throw notAllowed();
    if (target.id !== auth.loginUser.id) {
      const globalMay = auth.loginUser.isGlobalAdmin && auth.loginUser.isReturnScheme;
      const customerAdminMay = auth.loginUser.isCustomerAdmin && target.customerId === auth.loginUser.customerId;
      if (!globalMay && !customerAdminMay) throw notAllowed();
      const actor = await rightsActor(db, auth.loginUser.id);
      if (!actor) throw notAllowed();
      await requireRightsWithin(db, actor, target.id);
    }
    userId = target.id;
    customerId = target.customerId;
    locationId ??= target.locationId;
  } else if (input.customerId !== undefined && input.customerId !== auth.customerId) {
    if (!auth.loginUser.isGlobalAdmin) throw notAllowed();
    const [customer] = await rows<{ id: number }>(db, sql`SELECT id FROM customers WHERE id = ${input.customerId} AND status_id IN (1, 2)`);
    if (!customer) throw notAllowed();
    customerId = customer.id;
  }

  const actingAuth: AuthContext =
    userId === auth.user.id ? auth : { ...auth, user: (await loadUser(db, userId)) ?? auth.user, customerId, locationId };
  const candidates = await switchableLocations(db, { ...actingAuth, customerId }, customerId);
  if (locationId !== null) {
    if (!candidates.some((l) => l.id === locationId)) throw notAllowed();
  } else {
    locationId = candidates.find((l) => l.statusId === 1)?.id ?? candidates[0]?.id ?? null;
  }
  // Every server process drops the session from its cache on commit and reads the switch.
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sessions SET acting_user_id = ${userId}, acting_customer_id = ${customerId},
      acting_location_id = ${locationId} WHERE id = ${auth.sessionId}`);
    await notifySessions(tx, { sessionId: auth.sessionId });
    await writeLog(tx, {
      level: 'info',
      kind: 'switch',
      message: 'Switched customer, location or user',
      request,
      auth,
      before: { userId: auth.user.id, customerId: auth.customerId, locationId: auth.locationId },
      after: { userId, customerId, locationId },
    });
  });
}
