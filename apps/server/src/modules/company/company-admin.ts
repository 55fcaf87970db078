/**
 * Who administers a company (spec section 6; issue 9, "My company"): a customer admin for their
 * own customer, a global admin for any customer (the acting customer after a switch). Judged on
 * the acting user, as every other call is (plugins/auth.ts): a global admin who switched to
 * another user has that user's rights.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/** The caller's standing as an administrator of the acting customer. */
export interface CompanyAdmin {
  /** A global admin: may do everything, for any customer. */
  isGlobal: boolean;
  /** The customer administered: the session's acting customer. */
  customerId: number;
}

/**
 * The caller's standing as administrator of the acting customer.
 * @throws FORBIDDEN (403) for anyone who is neither a global admin nor a customer admin of it
 */
export function requireCompanyAdmin(auth: AuthContext): CompanyAdmin {
  const user = auth.user;
  if (user.isGlobalAdmin) return { isGlobal: true, customerId: auth.customerId };
  if (user.isCustomerAdmin && user.customerId === auth.customerId) return { isGlobal: false, customerId: auth.customerId };
  throw forbidden();
}
