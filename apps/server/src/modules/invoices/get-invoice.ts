/**
 * GET Invoices/{id} (issue 8): one invoice with its lines (product or carrier type named in the
 * caller's language), the provider as seller and the customer as buyer; what the invoice page
 * and the PDF show. Access and scope: invoice-scope.ts (another customer's invoice: 404).
 */
import {
  INVOICE_PAYMENT_DAYS,
  type InvoiceDetail,
  type InvoiceLine,
  type InvoiceParty,
  type InvoiceSummary,
  type Locale,
  vatNumber,
} from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { translator } from '../../i18n.js';
import type { AuthContext } from '../../plugins/auth.js';
import { type ProductNameRow, productNameColumns, productNames } from '../lookups/products.js';
import { todayUtc } from '../scheduled/materialize-due-orders.js';
import { invoiceSummaryColumns, toSummary } from './find-invoices.js';
import { customerCondition, invoiceCustomerIds } from './invoice-scope.js';

/**
 * The invoice `id` in `locale`.
 * @throws FORBIDDEN (403) without the finance-report permission; NOT_FOUND (404) when missing or another customer's
 */
export async function getInvoice(db: Tx, auth: AuthContext, id: number, locale: Locale): Promise<InvoiceDetail> {
  const customers = await invoiceCustomerIds(db, auth);
  const [row] = await rows<Omit<InvoiceSummary, 'overdue'> & { countryId: string }>(
    db,
    sql`SELECT ${invoiceSummaryColumns}, i.country_id AS "countryId" FROM invoices i JOIN customers c ON c.id = i.customer_id
        WHERE i.id = ${id} AND ${customerCondition(customers)}`,
  );
  if (!row) throw notFound();
  const [lines, seller, buyer] = await Promise.all([
    invoiceLines(db, id, locale),
    party(db, sql`c.is_provider`, false),
    party(db, sql`c.id = ${row.customerId}`, true),
  ]);
  if (!seller || !buyer) throw notFound();
  return { ...toSummary(row, todayUtc()), countryId: row.countryId, lines, seller, buyer, paymentDays: INVOICE_PAYMENT_DAYS };
}

async function invoiceLines(db: Tx, invoiceId: number, locale: Locale): Promise<InvoiceLine[]> {
  const t = translator(locale);
  const list = await rows<
    Omit<InvoiceLine, 'itemName'> & Partial<ProductNameRow> & { carrierCode: string; carrierTypeName: string; hasProduct: boolean }
  >(
    db,
    sql`SELECT l.line_no AS "lineNo", l.kind, l.product_id AS "productId", l.carrier_type_id AS "carrierTypeId", l.quantity,
          l.unit_price AS "unitPrice", l.amount, (p.id IS NOT NULL) AS "hasProduct", ${productNameColumns}
        FROM invoice_lines l
        LEFT JOIN products p ON p.id = l.product_id
        LEFT JOIN qualities q ON q.id = p.quality_id
        LEFT JOIN treatments t ON t.id = p.treatment_id
        JOIN carrier_types ct ON ct.id = COALESCE(l.carrier_type_id, p.carrier_type_id)
        WHERE l.invoice_id = ${invoiceId} ORDER BY l.line_no`,
  );
  return list.map(({ lineNo, kind, productId, carrierTypeId, quantity, unitPrice, amount, hasProduct, ...names }) => ({
    lineNo: Number(lineNo),
    kind,
    productId: productId === null ? null : Number(productId),
    carrierTypeId: carrierTypeId === null ? null : Number(carrierTypeId),
    itemName: hasProduct
      ? productNames(locale, names as ProductNameRow, names as ProductNameRow).name
      : t(`products.carrier.${names.carrierCode}`, { defaultValue: names.carrierTypeName }),
    quantity: Number(quantity),
    unitPrice: Number(unitPrice),
    amount: Number(amount),
  }));
}

/** A customer as a party of an invoice: its name, org and VAT numbers, the address of its default (else first) location. */
async function party(db: Tx, where: ReturnType<typeof sql>, buyer: boolean): Promise<InvoiceParty | null> {
  const [p] = await rows<Omit<InvoiceParty, 'vatNumber'>>(
    db,
    sql`SELECT c.name, c.org_number AS "orgNumber", l.street, l.postal_code AS "postalCode", l.postal_name AS "postalName",
          COALESCE(l.country_id, c.country_id) AS "countryId", ${buyer ? sql`c.invoice_reference` : sql`NULL::text`} AS reference,
          COALESCE(c.invoice_email, c.contact_email) AS email
        FROM customers c
        LEFT JOIN LATERAL (SELECT * FROM locations l WHERE l.customer_id = c.id ORDER BY l.is_default DESC, l.id LIMIT 1) l ON true
        WHERE ${where} ORDER BY c.id LIMIT 1`,
  );
  return p ? { ...p, vatNumber: vatNumber(p.countryId, p.orgNumber) } : null;
}
