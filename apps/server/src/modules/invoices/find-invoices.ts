/**
 * GET Invoices (issue 8): a type's invoices of one customer (or, for provider staff without a
 * customer, of all), dated within from-to, optionally paid or open only; newest first, with
 * the sums per currency. Access and scope: invoice-scope.ts.
 */
import { type InvoiceList, type InvoiceSummary, type InvoicesQuery, isOverdue, sumByCurrency } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { todayUtc } from '../scheduled/materialize-due-orders.js';
import { customerCondition, invoiceCustomerFilter } from './invoice-scope.js';

/** The columns of an invoice `i` with its customer `c`, as `InvoiceSummary` without `overdue`. */
export const invoiceSummaryColumns = sql`i.id, i.invoice_type AS "invoiceType", i.customer_id AS "customerId", c.name AS "customerName",
  i.invoice_number AS "invoiceNumber", i.period::text AS period, i.invoice_date::text AS "invoiceDate", i.due_date::text AS "dueDate",
  i.paid, i.paid_date::text AS "paidDate", i.currency, i.amount_excl_vat AS "amountExclVat", i.vat_rate_bp AS "vatRateBp",
  i.vat_amount AS "vatAmount", i.amount_incl_vat AS "amountInclVat"`;

/** A row of `invoiceSummaryColumns` with numbers from either driver (bigint money comes as text from pg) and the overdue flag. */
export function toSummary(row: Omit<InvoiceSummary, 'overdue'>, today: string): InvoiceSummary {
  return {
    ...row,
    id: Number(row.id),
    customerId: Number(row.customerId),
    amountExclVat: Number(row.amountExclVat),
    vatRateBp: Number(row.vatRateBp),
    vatAmount: Number(row.vatAmount),
    amountInclVat: Number(row.amountInclVat),
    overdue: isOverdue(row, today),
  };
}

/**
 * The invoices of `query` the caller may read.
 * @throws FORBIDDEN (403) without the finance-report permission; NOT_FOUND (404) for a customer outside the caller's reach
 */
export async function findInvoices(db: Tx, auth: AuthContext, query: InvoicesQuery): Promise<InvoiceList> {
  const customers = await invoiceCustomerFilter(db, auth, query.customerId);
  const list = await rows<Omit<InvoiceSummary, 'overdue'>>(
    db,
    sql`SELECT ${invoiceSummaryColumns} FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE ${customerCondition(customers)} AND i.invoice_type = ${query.type}
          AND i.invoice_date BETWEEN ${query.from}::date AND ${query.to}::date
          ${query.paid === undefined ? sql`` : sql`AND i.paid = ${query.paid}`}
        ORDER BY i.invoice_date DESC, c.name, i.id DESC`,
  );
  const today = todayUtc();
  const items = list.map((row) => toSummary(row, today));
  // One sum per currency (packages/domain/src/money.ts); open = the unpaid invoices' amounts incl. VAT.
  const totals = sumByCurrency(
    items.map((i) => ({ ...i, openInclVat: i.paid ? 0 : i.amountInclVat })),
    ['amountExclVat', 'vatAmount', 'amountInclVat', 'openInclVat'],
  );
  return { items, totals };
}
