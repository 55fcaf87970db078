/**
 * GET NewCustomerRequests/{id}: one request with every field as sent, the organisation number
 * its VAT number gives, and what became of it; global admins only (access.ts).
 */
import { type Country, checkVatNumber, type NewCustomerRequestDetail } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireRequestHandler } from './access.js';
import { summaryColumns, toSummary } from './find-new-customer-requests.js';

type DetailRow = Parameters<typeof toSummary>[0] & {
  data: NewCustomerRequestDetail['data'] | string;
  convertedCustomerId: number | null;
  convertedCustomerName: string | null;
  handledByName: string | null;
  handledAt: Date | string | null;
};

/** @throws NOT_FOUND for an id that is no request */
export async function getNewCustomerRequest(db: Tx, auth: AuthContext, id: number): Promise<NewCustomerRequestDetail> {
  requireRequestHandler(auth);
  const [row] = await rows<DetailRow>(
    db,
    sql`SELECT ${summaryColumns}, r.data, r.converted_customer_id AS "convertedCustomerId", c.name AS "convertedCustomerName",
          u.name AS "handledByName", r.handled_at AS "handledAt"
        FROM new_customer_requests r
        LEFT JOIN customers c ON c.id = r.converted_customer_id
        LEFT JOIN users u ON u.id = r.handled_by_user_id
        WHERE r.id = ${id}`,
  );
  if (!row) throw notFound();
  const data = typeof row.data === 'string' ? (JSON.parse(row.data) as NewCustomerRequestDetail['data']) : row.data;
  const vat = checkVatNumber(data.country as Country, data.vatNumber);
  return {
    ...toSummary(row),
    data,
    orgNumber: vat.ok ? vat.orgNumber : null,
    convertedCustomerId: row.convertedCustomerId === null ? null : Number(row.convertedCustomerId),
    convertedCustomerName: row.convertedCustomerName,
    handledByName: row.handledByName,
    handledAt: isoInstant(row.handledAt),
  };
}
