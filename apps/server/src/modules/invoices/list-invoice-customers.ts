/**
 * GET InvoiceCustomers: the customers whose invoices the caller may read (invoice-scope.ts), for
 * the invoice page's customer picker: every customer with invoices for provider staff; the
 * acting customer, and with the chain report level its corporate group, for customer users.
 */
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { invoiceCustomerIds } from './invoice-scope.js';

/**
 * The customers by name.
 * @throws FORBIDDEN (403) without the finance-report permission
 */
export async function listInvoiceCustomers(db: Tx, auth: AuthContext): Promise<{ id: number; name: string; countryId: string }[]> {
  const ids = await invoiceCustomerIds(db, auth);
  const list = await rows<{ id: number; name: string; countryId: string }>(
    db,
    ids === null
      ? sql`SELECT c.id, c.name, c.country_id AS "countryId" FROM customers c
            WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.id) ORDER BY c.name`
      : sql`SELECT id, name, country_id AS "countryId" FROM customers WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY name`,
  );
  return list.map((c) => ({ ...c, id: Number(c.id) }));
}
