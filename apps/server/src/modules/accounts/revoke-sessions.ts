/**
 * Ends a user's sign-ins when their password changes (issue 9: "Changing a password revokes
 * the user's other sessions"; OWASP ASVS 4.0.3 V3.3.3). Every session the user signed in
 * with, and hand-over tokens made from them, get `revoked_at`; sessions in which someone else
 * acts as the user (an admin switched to them) are the other person's and stay.
 *
 * The auth plugin keeps resolved sessions for AUTH_CACHE_SECONDS (plugins/auth.ts); the route
 * calls `app.forgetCachedSessions()` after the commit, so this process refuses a revoked token
 * at once, and the revocation NOTIFYs every other server process when the transaction commits
 * (modules/caching/notify.ts), which drop the user's sessions at once too.
 */
import { sql, type Tx } from '../../db/client.js';
import { notifySessions } from '../caching/notify.js';

/**
 * Revokes the user's live sessions inside `tx`, except `keepSessionId` (the caller's own
 * session when they change their own password).
 */
export async function revokeSessions(tx: Tx, userId: number, keepSessionId: number | null = null): Promise<void> {
  await tx.execute(
    sql`UPDATE sessions SET revoked_at = now()
        WHERE login_user_id = ${userId} AND revoked_at IS NULL
          ${keepSessionId === null ? sql`` : sql`AND id <> ${keepSessionId}`}`,
  );
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
