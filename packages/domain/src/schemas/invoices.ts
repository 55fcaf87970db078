/**
 * Invoices (issue 8; docs/invoicing.md): GET Invoices, GET Invoices/{id} and its PDF. Money in
 * integer minor units of `currency` (øre, öre, cent), excl. VAT unless named otherwise; dates
 * yyyy-MM-dd; VAT rates in basis points (25 % = 2500).
 */
import { z } from 'zod';
import { invoiceLineKinds, invoiceTypes } from '../invoicing.js';
import { queryBool, queryId, ZPlainDate } from './common.js';

/**
 * GET Invoices: a type's invoices dated from `from` to `to` (invoice dates, inclusive) of one
 * customer (`customerId`; the acting customer when left out, for provider staff every customer),
 * optionally only paid (`paid=true`) or open (`paid=false`) ones.
 */
export const ZInvoicesQuery = z
  .object({
    type: z.enum(invoiceTypes),
    customerId: queryId.optional(),
    from: ZPlainDate,
    to: ZPlainDate,
    paid: queryBool.optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRange', path: ['to'] });
export type InvoicesQuery = z.infer<typeof ZInvoicesQuery>;

/** Path `{id}` of an invoice. */
export const ZInvoiceIdParam = z.object({ id: queryId });

/** An invoice in a list: number, dates, payment and amounts. */
export const ZInvoiceSummary = z.object({
  id: z.number().int(),
  invoiceType: z.enum(invoiceTypes),
  customerId: z.number().int(),
  customerName: z.string(),
  invoiceNumber: z.string(),
  /** The month invoiced: its first day. */
  period: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  paid: z.boolean(),
  paidDate: z.string().nullable(),
  /** Not paid and the due date has passed (today, UTC). */
  overdue: z.boolean(),
  currency: z.string(),
  amountExclVat: z.number().int(),
  vatRateBp: z.number().int(),
  vatAmount: z.number().int(),
  amountInclVat: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** GET Invoices: the invoices, newest first, and their sums per currency. */
export const ZInvoiceList = z.object({
  items: z.array(ZInvoiceSummary),
  totals: z.array(
    z.object({
      currency: z.string(),
      amountExclVat: z.number().int(),
      vatAmount: z.number().int(),
      amountInclVat: z.number().int(),
      /** Of the incl.-VAT total: what is not paid yet. */
      openInclVat: z.number().int(),
    }),
  ),
});
export type InvoiceList = z.infer<typeof ZInvoiceList>;

/** One line of an invoice: quantity (carriers, or carrier-days for day hire) x unit price = amount (negative for a credit). */
export const ZInvoiceLine = z.object({
  lineNo: z.number().int(),
  kind: z.enum(invoiceLineKinds),
  productId: z.number().int().nullable(),
  carrierTypeId: z.number().int().nullable(),
  /** The product's or carrier type's name in the caller's language. */
  itemName: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
});
export type InvoiceLine = z.infer<typeof ZInvoiceLine>;

/** A party of an invoice: the provider as seller, the customer as buyer. */
export const ZInvoiceParty = z.object({
  name: z.string(),
  orgNumber: z.string().nullable(),
  vatNumber: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  postalName: z.string().nullable(),
  countryId: z.string(),
  /** The buyer's invoice reference (customers.invoice_reference); null for the seller. */
  reference: z.string().nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof ZInvoiceParty>;

/** GET Invoices/{id}: the invoice with its lines, seller and buyer. */
export const ZInvoiceDetail = ZInvoiceSummary.extend({
  countryId: z.string(),
  lines: z.array(ZInvoiceLine),
  seller: ZInvoiceParty,
  buyer: ZInvoiceParty,
  /** Days from the invoice date to the due date. */
  paymentDays: z.number().int(),
});
export type InvoiceDetail = z.infer<typeof ZInvoiceDetail>;
