/**
 * A dispute's evidence (issue 22; docs/disputes.md, "Evidence"): POST DisputeEvidence
 * (multipart/form-data: `disputeId` and one `file`, a photo or a PDF) and GET DisputeEvidence/{id}
 * (the file). The list is part of GET Disputes/{id} (`evidence`). Registered apart from the other
 * dispute calls because only these take multipart bodies.
 */
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  ATTACHMENT_MAX_BYTES,
  evidenceMimeTypes,
  queryId,
  ZAttachment,
  ZDisputeEvidenceUploadForm,
  ZIdParam,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { getAttachment } from '../attachments/find-attachments.js';
import { tooLarge } from '../attachments/save-attachment.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm } from '../multipart-form.js';
import { addDisputeEvidence } from './add-evidence.js';

const ZUploadQuery = z.object({ disputeId: queryId.optional() });
const ZDownloadQuery = z.object({
  inline: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

/** Registers the evidence calls on `app`. */
export async function disputeEvidenceRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1000, fileSize: ATTACHMENT_MAX_BYTES, parts: 8 } });
  const r = typed(app);
  const tags = ['disputes'];

  r.post(
    '/DisputeEvidence',
    {
      schema: {
        tags,
        summary:
          'A party adds evidence to an open or rejected dispute: a photo (JPG, PNG, GIF, WebP) or a PDF, at most 10 MiB, told by its content; multipart/form-data with `disputeId` and `file`',
        description:
          'Anything else answers 400 FILE_TYPE, a larger file 413 FILE_TOO_LARGE, an ended dispute 409 DISPUTE; the history gets an "evidence added" step.',
        consumes: ['multipart/form-data'],
        multipartBody: ZDisputeEvidenceUploadForm,
        querystring: ZUploadQuery,
        response: { 200: ok(ZAttachment) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readForm(request, tooLarge);
      if (!file) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
      const raw = request.query.disputeId ?? fields.disputeId;
      if (raw === undefined) throw new AppError(AppErrorCode.VALIDATION, {}, { disputeId: 'validation.required' });
      const parsed = queryId.safeParse(raw);
      if (!parsed.success)
        throw new AppError(AppErrorCode.VALIDATION, {}, { disputeId: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return { data: await addDisputeEvidence(app.db, auth, { disputeId: parsed.data, fileName: file.fileName, data: file.data }) };
    },
  );
  r.get(
    '/DisputeEvidence/:id',
    {
      schema: {
        tags,
        summary: 'Download a dispute’s evidence (raw; inline=true to show it in the browser); 404 unless the caller sees the dispute',
        params: ZIdParam,
        querystring: ZDownloadQuery,
        response: { 200: fileAnswer('The file as uploaded, in its type (told by its content)', evidenceMimeTypes) },
      },
    },
    async (request, reply) => {
      const attachment = await getAttachment(app.db, requireAuth(request), request.params.id, true, 'dispute');
      reply
        .header('Content-Type', attachment.mime)
        .header('Content-Disposition', contentDisposition(attachment.fileName, request.query.inline ?? false))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(Buffer.from(attachment.data ?? new Uint8Array()));
    },
  );
}
