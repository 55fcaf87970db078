/**
 * GET user and POST user (issue 9, "My profile"; spec sections 4 and 7): a user's name, phone,
 * email and language. Own profile for everyone; an admin reads and edits the users they
 * administer (access.ts). The language is the one POST Language stores (spec section 4).
 */
import { isLocale, type UserProfile, type UserProfileRequest } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { notifySessions } from '../caching/notify.js';
import { isoInstant } from '../http.js';
import { profileAccount } from './access.js';
import { checkEmailChange, noticeEmailChange } from './email-change.js';

async function readProfile(db: Tx, userId: number): Promise<UserProfile> {
  const [row] = await rows<Omit<UserProfile, 'passwordChangedAt'> & { passwordChangedAt: Date | string | null }>(
    db,
    sql`SELECT u.id, u.name, u.login_name AS "loginName", u.phone, u.email, u.language, u.customer_id AS "customerId",
          c.name AS "customerName", u.password_changed_at AS "passwordChangedAt"
        FROM users u JOIN customers c ON c.id = u.customer_id WHERE u.id = ${userId}`,
  );
  if (!row) throw notFound();
  return {
    ...row,
    id: Number(row.id),
    customerId: Number(row.customerId),
    language: isLocale(row.language) ? row.language : 'nb-NO',
    passwordChangedAt: isoInstant(row.passwordChangedAt),
  };
}

/**
 * GET user: the profile of `userId` (default: the signed-in user).
 * @throws NOT_FOUND outside the caller's reach; RIGHTS_EXCEEDED (403) for a user with a right the
 *   caller lacks (a global admin asked by a customer admin, issue 20)
 */
export async function getUserProfile(db: Db, auth: AuthContext, userId: number | undefined): Promise<UserProfile> {
  const account = await profileAccount(db, auth, userId ?? auth.loginUser.id);
  return readProfile(db, account.id);
}

/**
 * POST user: stores name, phone, email and language, in one transaction; answers the profile.
 * A changed email address is refused to an API key and told to the old address
 * (email-change.ts; issue 20).
 * @throws NOT_FOUND outside the caller's reach; RIGHTS_EXCEEDED (403) for the profile of a user
 * with a right the caller lacks (a changed email would let a reset link reach someone else);
 * FORBIDDEN for a changed email with an API key (field `authorization`)
 */
export async function saveUserProfile(db: Db, auth: AuthContext, input: UserProfileRequest): Promise<UserProfile> {
  return db.transaction(async (tx) => {
    const account = await profileAccount(tx, auth, input.userId);
    const [before] = await rows<{ email: string | null }>(tx, sql`SELECT email FROM users WHERE id = ${account.id} FOR UPDATE`);
    const oldEmail = before?.email ?? null;
    checkEmailChange(auth, oldEmail, input.email);
    await tx.execute(
      sql`UPDATE users SET name = ${input.name}, phone = ${input.phone}, email = ${input.email}, language = ${input.language}
          WHERE id = ${account.id}`,
    );
    await noticeEmailChange(tx, account.id, oldEmail);
    // The user's sessions carry the language: every server process reads them again on commit.
    await notifySessions(tx, { userId: account.id });
    return readProfile(tx, account.id);
  });
}
