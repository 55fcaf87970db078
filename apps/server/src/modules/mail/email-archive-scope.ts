/**
 * Who reads the email archive (spec section 2, Company > Email archive; docs/company-external-archive.md):
 * provider staff (global admins and users of the provider customer) every mail; a customer admin
 * of the acting customer the mails to that customer or from one of its locations; anyone else
 * is refused (403), a customer admin acting for another customer too. A password mail (reset
 * or welcome) sent to a global admin is for global admins' eyes only (docs/accounts.md). No
 * reader sees a link's token: the archive's copy has none (issue 20; mail/send-mail.ts).
 */
import { type SQL, sql } from 'drizzle-orm';
import { forbidden } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';

/**
 * The condition on `email_archive e` that keeps the mails the caller may read.
 * @throws FORBIDDEN for a caller who is neither provider staff nor a customer admin of the acting customer
 */
export function emailArchiveScope(auth: AuthContext): SQL {
  if (auth.user.isGlobalAdmin) return sql`true`;
  const notAdminLinks = sql`NOT (e.topic IN ('passwordReset', 'welcome')
    AND EXISTS (SELECT 1 FROM users g WHERE g.id = e.to_user_id AND g.is_global_admin))`;
  if (auth.isProvider) return notAdminLinks;
  if (!auth.user.isCustomerAdmin || auth.user.customerId !== auth.customerId) throw forbidden();
  return sql`(e.to_customer_id = ${auth.customerId}
    OR e.from_location_id IN (SELECT id FROM locations WHERE customer_id = ${auth.customerId})) AND ${notAdminLinks}`;
}
