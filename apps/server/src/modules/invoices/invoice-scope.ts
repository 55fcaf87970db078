/**
 * Whose invoices a caller may read (issue 8; docs/invoicing.md, "Who sees invoices"): only
 * users who may see money (`requireFinance`: provider staff, the finance-report permission;
 * 403 for everyone else). Provider staff read every customer's; a customer user its acting
 * customer's, and with the chain report level (or higher) also those of the customers of its
 * corporate group. Another customer's invoice answers 404, as if it did not exist.
 */
import { ReportLevel } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { requireFinance } from '../session/finance.js';

/**
 * The ids of the customers whose invoices the caller may read, or null for every customer
 * (provider staff).
 * @throws FORBIDDEN (403) without the finance-report permission
 */
export async function invoiceCustomerIds(db: Tx, auth: AuthContext): Promise<number[] | null> {
  requireFinance(auth);
  if (auth.isProvider) return null;
  if (auth.user.reportLevel < ReportLevel.Chain) return [auth.customerId];
  const group = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM customers
        WHERE COALESCE(customer_id_corporate, id) = (SELECT COALESCE(customer_id_corporate, id) FROM customers WHERE id = ${auth.customerId})
        ORDER BY id`,
  );
  return group.map((c) => Number(c.id));
}

/**
 * The customers a GET Invoices reads: `customerId` when the caller may read it (else 404),
 * otherwise the acting customer, or every customer (null) for provider staff.
 */
export async function invoiceCustomerFilter(db: Tx, auth: AuthContext, customerId: number | undefined): Promise<number[] | null> {
  const allowed = await invoiceCustomerIds(db, auth);
  if (customerId === undefined) return allowed === null ? null : [auth.customerId];
  if (allowed !== null && !allowed.includes(customerId)) throw notFound();
  return [customerId];
}

/** The SQL condition "invoice `i` belongs to one of `customers`" (null: no condition). */
export function customerCondition(customers: number[] | null) {
  return customers === null ? sql`true` : sql`i.customer_id = ANY(${`{${customers.join(',')}}`}::int[])`;
}
