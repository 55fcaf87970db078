/**
 * Who manages webhook endpoints (issue 23: "Customer admins (and provider staff for any
 * customer)"): customer admins of the acting customer, global admins and provider staff for the
 * customer they act for; anyone else 403. An endpoint of another customer answers 404.
 */
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireCompanyAdmin } from '../company/company-admin.js';

/** The customer whose endpoints the caller manages (the acting one). @throws FORBIDDEN (403) */
export function requireWebhookAdmin(auth: AuthContext): number {
  if (auth.isProvider) return auth.customerId;
  try {
    return requireCompanyAdmin(auth).customerId;
  } catch {
    throw forbidden();
  }
}
