/**
 * The password-link calls (issue 9, "Forgot password"; docs/accounts.md):
 * - POST UserPasswordLink: an admin emails a user they administer a reset link;
 * - POST PasswordResetRequest (anonymous): a login name or email; every matching active user
 *   of an active customer gets a reset link, at most PER_ACCOUNT_LINKS an hour each; the
 *   answer is the same for any input (no user enumeration);
 * - POST PasswordLink (anonymous): whether a link is usable and what for (the page's wording);
 * - POST PasswordReset (anonymous): spends a link, sets the password, revokes every session and API key.
 */
import { AppErrorCode, type PasswordLinkInfo, type PasswordResetBody } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requirePersonSignIn } from '../api/session-only-calls.js';
import { hashPassword } from '../auth/password.js';
import { logAdminChange } from '../global/log-admin-change.js';
import { administeredAccount } from './access.js';
import { consumePasswordLink, hashLinkToken, invalidLink, issuePasswordLink, type PasswordLinkPurpose } from './password-link.js';
import { revokeSignIns, storePassword } from './revoke-sessions.js';

/** Reset links one user gets per hour from forgot-password requests; beyond it no mail, silently. */
export const PER_ACCOUNT_LINKS = 3;
/** Users one request may reach (an email address several users share). */
const MAX_USERS_PER_REQUEST = 5;

/**
 * POST UserPasswordLink: emails the user a reset link (the admin's "email a reset link").
 * @throws FORBIDDEN / NOT_FOUND as access.ts `administeredAccount`, and FORBIDDEN (field
 * `authorization`) with an API key; VALIDATION field userId `accounts.noEmail` when the user
 * has no email address
 */
export async function sendPasswordLink(db: Db, auth: AuthContext, userId: number, request?: FastifyRequest): Promise<void> {
  requirePersonSignIn(auth);
  await db.transaction(async (tx) => {
    const account = await administeredAccount(tx, auth, userId);
    const mailId = await issuePasswordLink(tx, { userId: account.id, purpose: 'reset' });
    if (mailId === null) throw new AppError(AppErrorCode.VALIDATION, {}, { userId: 'accounts.noEmail' });
    await logAdminChange(
      tx,
      auth,
      {
        entity: 'user',
        id: account.id,
        before: null,
        after: null,
        message: `Password link sent to user ${account.id}`,
        action: 'passwordLinkSent',
      },
      request,
    );
  });
}

/**
 * POST PasswordResetRequest: finds the active users of active customers whose login name or
 * email is `loginNameOrEmail` (case-insensitive) and emails each a reset link, unless the user
 * already got PER_ACCOUNT_LINKS forgot-password links in the last hour. Answers nothing: the
 * route answers the same for every input, after the same minimum time.
 * @returns how many links were sent (for tests; never shown to the caller)
 */
export async function requestPasswordReset(db: Db, loginNameOrEmail: string, clientAddress: string): Promise<number> {
  const key = loginNameOrEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // Locked, so two requests for one user count each other's links (a fresh statement each).
    const users = await rows<{ id: number }>(
      tx,
      sql`SELECT u.id FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE (lower(u.login_name) = ${key} OR lower(trim(u.email)) = ${key}) AND u.is_active AND c.status_id = 1
          ORDER BY u.id LIMIT ${MAX_USERS_PER_REQUEST}
          FOR UPDATE OF u`,
    );
    let sent = 0;
    for (const { id } of users) {
      const [recent] = await rows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM password_links
            WHERE user_id = ${id} AND requested_from IS NOT NULL AND created_at > now() - interval '1 hour'`,
      );
      if ((recent?.n ?? 0) >= PER_ACCOUNT_LINKS) continue;
      if ((await issuePasswordLink(tx, { userId: Number(id), purpose: 'reset', requestedFrom: clientAddress })) !== null) sent++;
    }
    return sent;
  });
}

/**
 * POST PasswordLink: what a usable link is for, without spending it.
 * @throws VALIDATION field token `accounts.linkInvalid` for an unknown, used or expired link
 */
export async function checkPasswordLink(db: Db, token: string): Promise<PasswordLinkInfo> {
  const [link] = await rows<{ purpose: PasswordLinkPurpose }>(
    db,
    sql`SELECT pl.purpose FROM password_links pl JOIN users u ON u.id = pl.user_id
        WHERE pl.token_hash = ${hashLinkToken(token)} AND pl.used_at IS NULL AND pl.expires_at > now() AND u.is_active`,
  );
  if (!link) throw invalidLink();
  return { purpose: link.purpose };
}

/**
 * POST PasswordReset: spends the link (single use, row-locked), sets the password and revokes
 * every session and API key of the user, in one transaction.
 * @returns the user's login name (the page offers to sign in with it)
 * @throws VALIDATION field token `accounts.linkInvalid` for an unknown, used or expired link
 */
export async function resetPassword(db: Db, input: PasswordResetBody): Promise<{ loginName: string }> {
  const hash = await hashPassword(input.newPassword);
  return db.transaction(async (tx) => {
    const { userId } = await consumePasswordLink(tx, input.token);
    const [account] = await rows<{ id: number; loginName: string }>(
      tx,
      sql`SELECT id, login_name AS "loginName" FROM users WHERE id = ${userId}`,
    );
    if (!account) throw invalidLink();
    await storePassword(tx, account, hash);
    await revokeSignIns(tx, userId);
    return { loginName: account.loginName };
  });
}
