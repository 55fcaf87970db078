/**
 * Waybill calls (issue 3: "a printable waybill PDF"; spec sections 3 and 5): GET Waybill?id=,
 * the order's waybill as an A4 PDF in the caller's language.
 */
import { ZBigIdParam } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { sendPdf } from '../documents/send-pdf.js';
import { fileAnswer, typed } from '../http.js';
import { getWaybill } from './get-waybill.js';
import { renderWaybill } from './render-waybill.js';

export async function waybillRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Waybill',
    {
      schema: {
        tags: ['orders'],
        summary: 'The waybill of an order as a PDF (A4, inline, waybill-<id>.pdf) in the caller’s language',
        description:
          'Sender, receiver, transport (haulier, transporter, car number, trailer, car type, seal), references, customs, ' +
          'instructions, the load carriers with ordered and picked quantities, and handover boxes with the signature drawn ' +
          'in the portal. The order is read as GET Orders/{id} reads it: 404 outside the caller’s scope. 409 WAYBILL before ' +
          'the order is picked (statuses 0, 1, 2), when cancelled (7) or replaced (8), and when a line of a purchase or sale ' +
          'has no picked quantity (naming the product).',
        querystring: ZBigIdParam,
        response: { 200: fileAnswer('The waybill: an A4 PDF, inline, named waybill-<id>.pdf', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const waybill = await getWaybill(app.db, auth, request.query.id, locale);
      const pdf = await renderWaybill(waybill);
      return sendPdf(reply, pdf, `waybill-${waybill.orderId}.pdf`);
    },
  );
}
