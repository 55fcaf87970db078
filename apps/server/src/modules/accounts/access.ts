/**
 * Whose account a caller may read and change (issue 9; docs/accounts.md, "Who may do what").
 * The person signed in (the session's login user) decides, also while acting as another user
 * (spec section 6), as for the language and GDPR calls:
 * - everyone: their own account (My profile, their own password with the old one);
 * - a customer admin: the users of their own customer;
 * - a global admin: every user.
 * An admin touches only accounts whose rights lie within their own (issue 20; `rightsBeyond`,
 * modules/session/rights-within.ts): a customer admin gets 403 RIGHTS_EXCEEDED on a global
 * admin's account (issue 9: an admin may not set a global admin's password unless a global
 * admin), and on any user with a right they lack (finance, a higher report level, a task, a
 * location outside their scope): a changed e-mail, a set password or a reset link would hand
 * them that user's rights. A user outside the caller's reach answers 404, as if it did not exist.
 */
import { rows, sql, type Tx } from '../../db/client.js';
import { forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireRightsWithin, rightsActor } from '../session/rights-within.js';

/** The account a use case works on. */
export interface Account {
  id: number;
  customerId: number;
  loginName: string;
  isGlobalAdmin: boolean;
  isActive: boolean;
}

/** Whether the signed-in person is an admin of any kind (customer or global). */
export function isAdmin(auth: AuthContext): boolean {
  return auth.loginUser.isGlobalAdmin || auth.loginUser.isCustomerAdmin;
}

async function loadAccount(db: Tx, userId: number): Promise<Account | null> {
  const [user] = await rows<Account>(
    db,
    sql`SELECT id, customer_id AS "customerId", login_name AS "loginName", is_global_admin AS "isGlobalAdmin", is_active AS "isActive"
        FROM users WHERE id = ${userId}`,
  );
  return user ? { ...user, id: Number(user.id), customerId: Number(user.customerId) } : null;
}

/**
 * The caller's own account or one they administer (GET user, POST user).
 * @throws NOT_FOUND for an unknown user or one outside the caller's reach (a non-admin asking
 * for anyone else); RIGHTS_EXCEEDED for a user with a right the caller lacks
 */
export async function profileAccount(db: Tx, auth: AuthContext, userId: number): Promise<Account> {
  if (userId === auth.loginUser.id) return (await loadAccount(db, userId)) ?? notFoundThrow();
  if (!isAdmin(auth)) throw notFound();
  return administeredAccount(db, auth, userId);
}

/**
 * An account the caller administers (POST userPassword without the old password, POST
 * UserPasswordLink, and GET/POST user of another user).
 * @throws FORBIDDEN for a caller who is no admin; NOT_FOUND for an unknown user or a user of
 * another customer (customer admins); RIGHTS_EXCEEDED for a user with a right the caller lacks
 */
export async function administeredAccount(db: Tx, auth: AuthContext, userId: number): Promise<Account> {
  const person = auth.loginUser;
  if (!isAdmin(auth)) throw forbidden();
  const account = await loadAccount(db, userId);
  if (!account) throw notFound();
  if (person.isGlobalAdmin) return account;
  if (account.customerId !== person.customerId) throw notFound();
  const actor = await rightsActor(db, person.id);
  if (!actor) throw forbidden();
  await requireRightsWithin(db, actor, account.id);
  return account;
}

function notFoundThrow(): never {
  throw notFound();
}
