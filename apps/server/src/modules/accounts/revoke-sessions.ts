/**
 * Ends a user's sign-ins when their password changes (issue 9: "Changing a password revokes
 * the user's other sessions"; OWASP ASVS 4.0.3 V3.3.3). Every session the user signed in
 * with, and hand-over tokens made from them, get `revoked_at`; sessions in which someone else
 * acts as the user (an admin switched to them) are the other person's and stay. Every API key
 * of the user is revoked too (issue 20: a key that leaked with the password must not outlive
 * its change), and the log says how many (kind `apiKey`). This is the one place every
 * password change, admin's set and reset by link ends sign-ins.
 *
 * The auth plugin keeps resolved sessions for AUTH_CACHE_SECONDS (plugins/auth.ts); the route
 * calls `app.forgetCachedSessions()` after the commit, so this process refuses a revoked token
 * at once, and the revocation NOTIFYs every other server process when the transaction commits
 * (modules/caching/notify.ts), which drop the user's sessions at once too.
 */
import type { FastifyRequest } from 'fastify';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { notifySessions } from '../caching/notify.js';
import { writeLog } from '../global/write-log.js';

/**
 * Revokes the user's live sessions inside `tx`, except `keepSessionId` (the caller's own
 * session when they change their own password), and all the user's API keys that still work.
 * `auth` and `request` (absent for a reset by link) name who did it in the log.
 */
export async function revokeSignIns(
  tx: Tx,
  userId: number,
  options: { keepSessionId?: number; auth?: AuthContext; request?: FastifyRequest } = {},
): Promise<void> {
  const { keepSessionId } = options;
  await tx.execute(
    sql`UPDATE sessions SET revoked_at = now()
        WHERE login_user_id = ${userId} AND revoked_at IS NULL
          ${keepSessionId === undefined ? sql`` : sql`AND id <> ${keepSessionId}`}`,
  );
  const keys = await rows<{ id: number }>(
    tx,
    sql`UPDATE api_keys SET revoked_at = now() WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > now() RETURNING id`,
  );
  if (keys.length > 0)
    await writeLog(tx, {
      level: 'info',
      kind: 'apiKey',
      message: 'API keys revoked by a password change',
      data: { action: 'revokedByPassword', userId, ids: keys.map((k) => Number(k.id)) },
      auth: options.auth ?? null,
      userId,
      request: options.request,
    });
  // Every server process drops the user's cached sessions and keys when this commits.
  await notifySessions(tx, { userId });
}

/**
 * Stores a new password hash for a user inside `tx`: sets `password_changed_at` and clears the
 * sign-in throttle of the user's login name (a user locked out by guessing can sign in with the
 * new password at once).
 */
export async function storePassword(tx: Tx, account: { id: number; loginName: string }, passwordHash: string): Promise<void> {
  await tx.execute(sql`UPDATE users SET password_hash = ${passwordHash}, password_changed_at = now() WHERE id = ${account.id}`);
  const loginName = account.loginName.trim().toLowerCase();
  await tx.execute(sql`DELETE FROM login_throttle WHERE login_name = ${loginName}`);
  await tx.execute(sql`DELETE FROM login_delay WHERE login_name = ${loginName}`);
}
