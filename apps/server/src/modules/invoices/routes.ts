/**
 * Invoice calls (issue 8; docs/invoicing.md): GET Invoices, GET Invoices/{id}, GET
 * Invoices/{id}/document (the PDF) and GET InvoiceCustomers (the customer picker). All need the
 * finance-report permission or provider staff (403); another customer's invoice answers 404.
 */
import { ZInvoiceDetail, ZInvoiceIdParam, ZInvoiceList, ZInvoicesQuery } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { sendPdf } from '../documents/send-pdf.js';
import { fileAnswer, ok, typed } from '../http.js';
import { findInvoices } from './find-invoices.js';
import { getInvoice } from './get-invoice.js';
import { listInvoiceCustomers } from './list-invoice-customers.js';
import { renderInvoice } from './render-invoice.js';

export async function invoiceRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: 'A type’s invoices of a customer dated from-to (paid, open or all), newest first, with their sums per currency',
        description:
          'Money in minor units of each invoice’s currency. `customerId` left out: the acting customer (for provider staff every ' +
          'customer). Customer users read their acting customer’s invoices, with the chain report level also those of their ' +
          'corporate group; another customer answers 404. 403 without the finance-report permission.',
        querystring: ZInvoicesQuery,
        response: { 200: ok(ZInvoiceList) },
      },
    },
    async (request) => ({ data: await findInvoices(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/Invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its lines (names in the caller’s language), seller and buyer; 404 when another customer’s',
        params: ZInvoiceIdParam,
        response: { 200: ok(ZInvoiceDetail) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getInvoice(app.db, auth, request.params.id, locale) };
    },
  );
  r.get(
    '/Invoices/:id/document',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The invoice as a PDF (A4, inline, invoice-<number>.pdf) in the caller’s language',
        params: ZInvoiceIdParam,
        response: { 200: fileAnswer('The invoice: an A4 PDF, inline, named invoice-<number>.pdf', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const invoice = await getInvoice(app.db, auth, request.params.id, locale);
      const pdf = await renderInvoice(invoice, locale);
      return sendPdf(reply, pdf, `invoice-${invoice.invoiceNumber}.pdf`);
    },
  );
  r.get(
    '/InvoiceCustomers',
    {
      schema: {
        tags: ['invoices'],
        summary: 'The customers whose invoices the caller may read (the invoice page’s customer picker), by name',
        response: { 200: ok(z.array(z.object({ id: z.number().int(), name: z.string(), countryId: z.string() }))) },
      },
    },
    async (request) => ({ data: await listInvoiceCustomers(app.db, requireAuth(request)) }),
  );
}
