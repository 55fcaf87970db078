/**
 * Attachment calls (issue 3; spec sections 3, 5, 8): POST OrderAttachments (multipart/form-data:
 * a `file` part, and `orderId` as a form field or query parameter), GET OrderAttachments?orderId=,
 * GET OrderAttachments/{id} (the file, with Content-Disposition), DELETE OrderAttachments/{id},
 * POST OrderSignature (JSON with a PNG data URL).
 */
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  ATTACHMENT_MAX_BYTES,
  attachmentMimeTypes,
  queryBigId,
  ZAttachment,
  ZAttachmentUploadForm,
  ZBigIdParam,
  ZOrderIdQuery,
  ZSaveSignatureRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm } from '../multipart-form.js';
import { deleteAttachment } from './delete-attachment.js';
import { contentDisposition } from './file-type.js';
import { findAttachments, getAttachment } from './find-attachments.js';
import { saveAttachment, saveSignature, tooLarge } from './save-attachment.js';

const ZUploadQuery = z.object({ orderId: queryBigId.optional() });
const ZDownloadQuery = z.object({
  inline: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export async function attachmentRoutes(app: FastifyInstance) {
  // Only the routes of this plugin accept multipart bodies: one file, a few small fields.
  // A file above the limit makes toBuffer() throw FST_REQ_FILE_TOO_LARGE (answered as 413).
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1000, fileSize: ATTACHMENT_MAX_BYTES, parts: 8 } });
  const r = typed(app);
  const tags = ['attachments'];

  r.post(
    '/OrderAttachments',
    {
      schema: {
        tags,
        summary: 'Attach a PDF, JPG, PNG or GIF (max 10 MiB) to an order: multipart/form-data with a `file` part and `orderId`',
        description:
          'The type is read from the file’s first bytes, not its name or declared type: anything else answers 400 FILE_TYPE; ' +
          'a larger file 413 FILE_TOO_LARGE. `orderId` may come as a form field (before the file) or as a query parameter.',
        consumes: ['multipart/form-data'],
        multipartBody: ZAttachmentUploadForm,
        querystring: ZUploadQuery,
        response: { 200: ok(ZAttachment) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readForm(request, tooLarge);
      if (!file) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
      const orderId = request.query.orderId ?? fields.orderId;
      if (orderId === undefined) throw new AppError(AppErrorCode.VALIDATION, {}, { orderId: 'validation.required' });
      const parsed = queryBigId.safeParse(orderId);
      if (!parsed.success)
        throw new AppError(AppErrorCode.VALIDATION, {}, { orderId: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return { data: await saveAttachment(app.db, auth, { orderId: parsed.data, fileName: file.fileName, data: file.data }) };
    },
  );

  r.get(
    '/OrderAttachments',
    {
      schema: {
        tags,
        summary: 'The attachments and signatures of an order (metadata); 404 unless the caller is a party of the order',
        querystring: ZOrderIdQuery,
        response: { 200: ok(z.array(ZAttachment)) },
      },
    },
    async (request) => ({ data: await findAttachments(app.db, requireAuth(request), request.query.orderId) }),
  );

  r.get(
    '/OrderAttachments/:id',
    {
      schema: {
        tags,
        summary: 'Download an attachment (raw file; inline=true to show it in the browser)',
        params: ZBigIdParam,
        querystring: ZDownloadQuery,
        response: { 200: fileAnswer('The file as uploaded, in its type (told by its content)', attachmentMimeTypes) },
      },
    },
    async (request, reply) => {
      const attachment = await getAttachment(app.db, requireAuth(request), request.params.id, true);
      reply
        .header('Content-Type', attachment.mime)
        .header('Content-Disposition', contentDisposition(attachment.fileName, request.query.inline ?? false))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(Buffer.from(attachment.data ?? new Uint8Array()));
    },
  );

  r.delete(
    '/OrderAttachments/:id',
    {
      schema: {
        tags,
        summary: 'Delete an attachment: its uploader or provider staff; a signature only provider staff',
        params: ZBigIdParam,
        response: { 200: ok(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      await deleteAttachment(app.db, requireAuth(request), request.params.id);
      return { data: { id: request.params.id } };
    },
  );

  r.post(
    '/OrderSignature',
    {
      schema: {
        tags,
        summary: 'Store a drawn signature (PNG data URL, max 1 MiB) with the signer’s name on an order',
        body: ZSaveSignatureRequest,
        response: { 200: ok(ZAttachment) },
      },
    },
    async (request) => ({ data: await saveSignature(app.db, requireAuth(request), request.body) }),
  );
}
