/**
 * POST userPassword (issue 9, "Change password"; docs/accounts.md):
 * - with `oldPassword`, for the signed-in user's own account: the old password must match
 *   (else 400, field oldPassword "Password could not be changed"); the user's other sessions
 *   are revoked, the caller's own stays;
 * - without it, by an admin for a user they administer (access.ts): the password is set and
 *   every session of that user is revoked.
 * Either way `password_changed_at` is set and the user's API keys are revoked
 * (revoke-sessions.ts), in one transaction. Never with an API key (issue 20: 403, field
 * `authorization`; the route refuses it first, modules/api/session-only-calls.ts).
 */
import { AppErrorCode, type UserPasswordRequest } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requirePersonSignIn } from '../api/session-only-calls.js';
import { hashPassword, verifyPassword } from '../auth/password.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { administeredAccount } from './access.js';
import { revokeSignIns, storePassword } from './revoke-sessions.js';

/**
 * Changes or sets a password (see the file comment).
 * @throws VALIDATION (400) field oldPassword: `validation.required` when the own password is
 * changed without it, `accounts.wrongOldPassword` when it does not match; FORBIDDEN for a
 * non-admin setting someone else's password; RIGHTS_EXCEEDED for the password of a user with a
 * right the caller lacks (a global admin's, set by a customer admin: issue 20);
 * NOT_FOUND for a user outside the admin's reach
 * An admin's set is logged (kind adminChange) that it happened, never the password.
 */
export async function changePassword(db: Db, auth: AuthContext, input: UserPasswordRequest, request?: FastifyRequest): Promise<void> {
  requirePersonSignIn(auth);
  const own = input.userId === auth.loginUser.id;
  if (own) {
    if (input.oldPassword === undefined) throw new AppError(AppErrorCode.VALIDATION, {}, { oldPassword: 'validation.required' });
    const [row] = await rows<{ passwordHash: string }>(
      db,
      sql`SELECT password_hash AS "passwordHash" FROM users WHERE id = ${auth.loginUser.id}`,
    );
    if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash)))
      throw new AppError(AppErrorCode.VALIDATION, {}, { oldPassword: 'accounts.wrongOldPassword' });
  } else {
    // Access before the (deliberately slow) hash, so a refused caller costs little.
    await administeredAccount(db, auth, input.userId);
  }
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    if (own) {
      await storePassword(tx, auth.loginUser, hash);
      await revokeSignIns(tx, auth.loginUser.id, { keepSessionId: auth.sessionId, auth, request });
    } else {
      const account = await administeredAccount(tx, auth, input.userId);
      await storePassword(tx, account, hash);
      await revokeSignIns(tx, account.id, { auth, request });
      await logAdminChange(
        tx,
        auth,
        { entity: 'user', id: account.id, before: null, after: null, message: `Password of user ${account.id} set`, action: 'passwordSet' },
        request,
      );
    }
  });
}
