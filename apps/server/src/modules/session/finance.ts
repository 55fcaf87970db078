/**
 * The finance-report permission on the server (spec section 6; `maySeeMoney` of @portal/domain):
 * invoices, prices and amounts only for provider staff and users with the finance-report
 * permission; everyone else gets 403 on the money calls and no money columns anywhere
 * (reports, the balance's credit / owes). One rule for every use case that shows money.
 */
import { maySeeMoney } from '@portal/domain';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** Whether the acting user may see money: provider staff or the finance-report permission. */
export function mayReadMoney(auth: AuthContext): boolean {
  return maySeeMoney(auth);
}

/** Throws FORBIDDEN (403) unless the acting user may see money (`mayReadMoney`). */
export function requireFinance(auth: AuthContext): void {
  if (!mayReadMoney(auth)) throw forbidden();
}
