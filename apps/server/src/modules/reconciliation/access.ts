/**
 * Who may reconcile, and which locations (issue 22; docs/reconciliation.md, "Access"). Every call
 * needs `canUseReconciliation` of @portal/domain (global admins, customer admins, users with the
 * REPORTS task at the acting location; 403 otherwise). A reconciliation is the acting customer's
 * (`auth.customerId`: provider staff reconcile for the customer they act for); another
 * customer's answers 404, as if it did not exist. Its locations must be in the caller's scope
 * (else 404) and the acting customer's own (else 400 on `locationIds`).
 */
import { AppErrorCode, canUseReconciliation } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { menuContext } from '../session/menu-access.js';
import { inScope, scopeLocationIds } from '../session/scope.js';

/** Throws FORBIDDEN unless the acting user may reconcile (see the file comment). */
export async function requireReconciliation(db: Tx, auth: AuthContext): Promise<void> {
  if (!canUseReconciliation(await menuContext(db, auth))) throw forbidden();
}

/** A location reconciled: its id and name. */
export interface ReconciledLocation {
  id: number;
  name: string;
}

/**
 * The locations a reconciliation reads, ascending: `ids`, or with none every location of the
 * acting customer in the caller's scope.
 * @throws NOT_FOUND when an id is missing or outside the caller's scope; VALIDATION on
 *   `locationIds` (`validation.reconciliationLocation`) when one is another customer's, or
 *   (`validation.required`) when the caller's scope holds none of the customer's locations
 */
export async function reconciledLocations(db: Tx, auth: AuthContext, ids: number[]): Promise<ReconciledLocation[]> {
  const scope = await scopeLocationIds(db, auth);
  const wanted = [...new Set(ids)];
  if (wanted.some((id) => !inScope(scope, id))) throw notFound();
  const found = await rows<{ id: number; name: string; customerId: number }>(
    db,
    wanted.length
      ? sql`SELECT id, name, customer_id AS "customerId" FROM locations WHERE id IN (${sql.join(
          wanted.map((id) => sql`${id}`),
          sql`, `,
        )}) ORDER BY id`
      : sql`SELECT id, name, customer_id AS "customerId" FROM locations WHERE customer_id = ${auth.customerId} ORDER BY id`,
  );
  if (found.length < wanted.length) throw notFound();
  if (found.some((l) => Number(l.customerId) !== auth.customerId))
    throw new AppError(AppErrorCode.VALIDATION, {}, { locationIds: 'validation.reconciliationLocation' });
  const result = found.filter((l) => inScope(scope, Number(l.id))).map((l) => ({ id: Number(l.id), name: l.name }));
  if (result.length === 0) throw new AppError(AppErrorCode.VALIDATION, {}, { locationIds: 'validation.required' });
  return result;
}
