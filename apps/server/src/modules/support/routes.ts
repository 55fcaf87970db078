/**
 * Support calls (issue 10, "Support"; docs/support.md): GET/POST SupportTickets,
 * GET SupportTickets/{id}, POST SupportTicketComments, POST SupportTicketAttachments (multipart),
 * GET SupportTicketAttachments/{id} (the file), GET/POST SupportTemplates, GET SupportTicketCount.
 */
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  ATTACHMENT_MAX_BYTES,
  attachmentMimeTypes,
  queryId,
  ZAttachment,
  ZIdParam,
  ZSaveSupportTemplateRequest,
  ZSaveSupportTicketRequest,
  ZSupportTemplate,
  ZSupportTemplatesQuery,
  ZSupportTicket,
  ZSupportTicketCommentRequest,
  ZSupportTicketCount,
  ZSupportTicketList,
  ZSupportTicketsQuery,
  ZSupportTicketUploadForm,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { getAttachment } from '../attachments/find-attachments.js';
import { saveAttachment, tooLarge } from '../attachments/save-attachment.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm } from '../multipart-form.js';
import { addSupportComment } from './add-support-comment.js';
import { countNewSupportTickets } from './count-new-support-tickets.js';
import { findSupportTemplates } from './find-support-templates.js';
import { findSupportTickets } from './find-support-tickets.js';
import { getSupportTicket } from './get-support-ticket.js';
import { saveSupportTemplate } from './save-support-template.js';
import { saveSupportTicket } from './save-support-ticket.js';

const ZUploadQuery = z.object({ ticketId: queryId.optional() });
const ZDownloadQuery = z.object({
  inline: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export async function supportRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) {
  await app.register(multipart, { limits: { files: 1, fields: 5, fieldSize: 1000, fileSize: ATTACHMENT_MAX_BYTES, parts: 8 } });
  const r = typed(app);
  const tags = ['support'];
  const locale = (request: { headers: Record<string, unknown> }, language: string) =>
    negotiateLocale(request.headers['accept-language'] as string | undefined, language);

  r.get(
    '/SupportTickets',
    {
      schema: {
        tags,
        summary: 'The caller’s support cases (provider staff: all), filtered and sorted, with the number that match',
        querystring: ZSupportTicketsQuery,
        response: { 200: ok(ZSupportTicketList) },
      },
    },
    async (request) => ({ data: await findSupportTickets(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/SupportTickets/:id',
    {
      schema: {
        tags,
        summary: 'One case with its comments, history and files; internal comments and note for provider staff only; 404 outside scope',
        params: ZIdParam,
        response: { 200: ok(ZSupportTicket) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: await getSupportTicket(app.db, auth, request.params.id, locale(request, auth.language)) };
    },
  );
  r.post(
    '/SupportTickets',
    {
      schema: {
        tags,
        summary:
          'Open a case, or change one with `id`: customers its text fields; provider staff also status, priority, internal note and take',
        body: ZSaveSupportTicketRequest,
        response: { 200: ok(ZSupportTicket) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await saveSupportTicket(app.db, auth, request.body, config.publicUrl);
      return { data: await getSupportTicket(app.db, auth, id, locale(request, auth.language)) };
    },
  );
  r.post(
    '/SupportTicketComments',
    {
      schema: {
        tags,
        summary: 'Comment on a case (`internal`: provider staff only, else 403); a customer’s reply reopens a pending or closed case',
        body: ZSupportTicketCommentRequest,
        response: { 200: ok(ZSupportTicket) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await addSupportComment(app.db, auth, request.body, config.publicUrl);
      return { data: await getSupportTicket(app.db, auth, request.body.ticketId, locale(request, auth.language)) };
    },
  );
  r.post(
    '/SupportTicketAttachments',
    {
      schema: {
        tags,
        summary:
          'Attach a PDF, JPG, PNG or GIF (max 10 MiB, told by its content) to a case: multipart/form-data with `ticketId` and `file`',
        consumes: ['multipart/form-data'],
        multipartBody: ZSupportTicketUploadForm,
        querystring: ZUploadQuery,
        response: { 200: ok(ZAttachment) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readForm(request, tooLarge);
      if (!file) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
      const raw = request.query.ticketId ?? fields.ticketId;
      if (raw === undefined) throw new AppError(AppErrorCode.VALIDATION, {}, { ticketId: 'validation.required' });
      const parsed = queryId.safeParse(raw);
      if (!parsed.success)
        throw new AppError(AppErrorCode.VALIDATION, {}, { ticketId: parsed.error.issues[0]?.message ?? 'validation.invalid' });
      return { data: await saveAttachment(app.db, auth, { ticketId: parsed.data, fileName: file.fileName, data: file.data }) };
    },
  );
  r.get(
    '/SupportTicketAttachments/:id',
    {
      schema: {
        tags,
        summary: 'Download a case’s file (raw; inline=true to show it in the browser); 404 outside the caller’s cases',
        params: ZIdParam,
        querystring: ZDownloadQuery,
        response: { 200: fileAnswer('The file as uploaded, in its type (told by its content)', attachmentMimeTypes) },
      },
    },
    async (request, reply) => {
      const attachment = await getAttachment(app.db, requireAuth(request), request.params.id, true, 'ticket');
      reply
        .header('Content-Type', attachment.mime)
        .header('Content-Disposition', contentDisposition(attachment.fileName, request.query.inline ?? false))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(Buffer.from(attachment.data ?? new Uint8Array()));
    },
  );
  r.get(
    '/SupportTicketCount',
    {
      schema: {
        tags,
        summary: 'Cases in status New that provider staff should take (the Support badge); 0 for customers',
        response: { 200: ok(ZSupportTicketCount) },
      },
    },
    async (request) => ({ data: { newCount: await countNewSupportTickets(app.db, requireAuth(request)) } }),
  );
  r.get(
    '/SupportTemplates',
    {
      schema: {
        tags,
        summary: 'Answer templates per category and language (provider staff only), defaults first',
        querystring: ZSupportTemplatesQuery,
        response: { 200: ok(z.array(ZSupportTemplate)) },
      },
    },
    async (request) => ({ data: await findSupportTemplates(app.db, requireAuth(request), request.query) }),
  );
  r.post(
    '/SupportTemplates',
    {
      schema: {
        tags,
        summary: 'Create or change (with `id`) an answer template; deactivate with isActive false (provider staff only)',
        body: ZSaveSupportTemplateRequest,
        response: { 200: ok(ZSupportTemplate) },
      },
    },
    async (request) => ({ data: await saveSupportTemplate(app.db, requireAuth(request), request.body, request) }),
  );
}
