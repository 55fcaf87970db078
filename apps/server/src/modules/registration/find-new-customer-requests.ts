/**
 * GET NewCustomerRequests: the provider's list of new customer requests (Admin > Customer
 * requests), newest first, narrowed to one status when asked; global admins only (access.ts).
 */
import type { NewCustomerRequestSummary, NewCustomerRequestsQuery, NewCustomerRequestsResponse } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { requireRequestHandler } from './access.js';

/** Columns of a request's list row. */
export const summaryColumns = sql`r.id, r.company_name AS "companyName", r.data->>'contactPerson' AS "contactPerson", r.email,
  r.country_id AS "countryId", r.status, r.created_at AS "createdAt"`;

type SummaryRow = Omit<NewCustomerRequestSummary, 'createdAt'> & { createdAt: Date | string };

/** A list row as the API answers it. */
export function toSummary(row: SummaryRow): NewCustomerRequestSummary {
  return { ...row, id: Number(row.id), contactPerson: row.contactPerson ?? '', createdAt: isoInstant(row.createdAt) ?? '' };
}

/** One page of requests (`count` from `offset`) and how many there are in all. */
export async function findNewCustomerRequests(
  db: Tx,
  auth: AuthContext,
  q: NewCustomerRequestsQuery,
): Promise<NewCustomerRequestsResponse> {
  requireRequestHandler(auth);
  const where = q.status ? sql`WHERE r.status = ${q.status}` : sql``;
  const items = await rows<SummaryRow>(
    db,
    sql`SELECT ${summaryColumns} FROM new_customer_requests r ${where} ORDER BY r.created_at DESC, r.id DESC LIMIT ${q.count} OFFSET ${q.offset}`,
  );
  const [total] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM new_customer_requests r ${where}`);
  return { items: items.map(toSummary), total: Number(total?.n ?? 0) };
}
