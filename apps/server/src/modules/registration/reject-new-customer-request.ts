/**
 * POST NewCustomerRequestStatus: rejects a new request (it stays in the list as rejected, with
 * who rejected it and when); global admins only (access.ts). A request is handled once: one
 * already converted or rejected answers CONFLICT, also when two admins act at once.
 */
import { AppErrorCode, type NewCustomerRequestDetail, type NewCustomerRequestStatusChange } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireRequestHandler } from './access.js';
import { getNewCustomerRequest } from './get-new-customer-request.js';

/** A request that is no longer new (converted or rejected meanwhile). */
export const alreadyHandled = () => new AppError(AppErrorCode.CONFLICT, {}, { id: 'registration.notNew' });

/** @returns the request as it is now; NOT_FOUND for no such request, CONFLICT for one handled already */
export async function rejectNewCustomerRequest(
  db: Db,
  auth: AuthContext,
  input: NewCustomerRequestStatusChange,
): Promise<NewCustomerRequestDetail> {
  requireRequestHandler(auth);
  return db.transaction(async (tx) => {
    const [current] = await rows<{ status: string }>(tx, sql`SELECT status FROM new_customer_requests WHERE id = ${input.id} FOR UPDATE`);
    if (!current) throw notFound();
    if (current.status !== 'new') throw alreadyHandled();
    await tx.execute(
      sql`UPDATE new_customer_requests SET status = ${input.status}, handled_by_user_id = ${auth.loginUser.id}, handled_at = now()
          WHERE id = ${input.id}`,
    );
    return getNewCustomerRequest(tx, auth, input.id);
  });
}
