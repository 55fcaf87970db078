/** Answers a printed document (waybill, invoice): the PDF inline under its file name, never cached or sniffed. */
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../attachments/file-type.js';

/** Sends `pdf` as `application/pdf`, inline, named `fileName` (Content-Disposition with an ASCII and a UTF-8 name). */
export function sendPdf(reply: FastifyReply, pdf: Buffer, fileName: string) {
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition(fileName, true))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store');
  return reply.send(pdf);
}
