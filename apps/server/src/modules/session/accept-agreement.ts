/**
 * POST Agreement (spec section 2: after login, when the customer requires agreements and has
 * not accepted the standard agreement, the user goes to agreement): the standard agreement is
 * accepted for the whole company, so only someone who may sign for it does (issue 7): a
 * customer admin of the signed-in user's customer, or, when the customer has no active admin,
 * its first user (the active user registered first). Anyone else gets 403
 * AGREEMENT_NOT_ALLOWED; the agreement page tells them beforehand (`agreementAcceptor` in the
 * session status) that their administrator must accept it.
 */
import { AppErrorCode } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext, UserRow } from '../../plugins/auth.js';

/** Whether `user` accepts the standard agreement for its customer (see the file comment). */
export async function isAgreementAcceptor(db: Tx, user: UserRow): Promise<boolean> {
  if (user.isCustomerAdmin) return true;
  const [first] = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u
        WHERE u.customer_id = ${user.customerId} AND u.is_active
          AND NOT EXISTS (SELECT 1 FROM users a WHERE a.customer_id = u.customer_id AND a.is_active AND a.is_customer_admin)
        ORDER BY u.created_at, u.id LIMIT 1`,
  );
  return !!first && Number(first.id) === user.id;
}

/**
 * Records that the signed-in user's customer accepted the standard agreement.
 * @throws AGREEMENT_NOT_ALLOWED (403) unless the signed-in user accepts for the customer
 */
export async function acceptAgreement(db: Tx, auth: AuthContext): Promise<void> {
  if (!(await isAgreementAcceptor(db, auth.loginUser))) throw new AppError(AppErrorCode.AGREEMENT_NOT_ALLOWED);
  await db.execute(sql`UPDATE customers SET agreement_standard = true WHERE id = ${auth.loginUser.customerId}`);
}
