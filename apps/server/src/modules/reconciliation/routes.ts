/**
 * Reconciliation calls (issue 22, Reports > Reconciliation; docs/reconciliation.md): POST
 * ReconciliationFile (a file's columns to map), POST Reconciliations (reconcile and save), GET
 * Reconciliations (the acting customer's, newest first), GET Reconciliations/{id} (one with its
 * products and rows) and GET Reconciliations/{id}/workbook (the same as .xlsx).
 */
import { PassThrough, Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  type Locale,
  RECONCILIATION_MAX_BYTES,
  RECONCILIATION_MAX_ROWS,
  ZCreateReconciliationForm,
  ZCreateReconciliationRequest,
  ZIdParam,
  ZReconciliation,
  ZReconciliationFileFields,
  ZReconciliationFileForm,
  ZReconciliationPreview,
  ZReconciliationSummary,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { type AuthContext, requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm, type UploadForm } from '../multipart-form.js';
import { createReconciliation } from './create-reconciliation.js';
import { findReconciliations, getReconciliation, getReconciliationSummary, reconciliationJson } from './get-reconciliation.js';
import { previewFile } from './preview-file.js';
import { reconciliationTooLarge } from './read-file.js';
import { reconciliationFileName, writeReconciliationXlsx } from './reconciliation-xlsx.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const localeOf = (request: FastifyRequest, auth: AuthContext): Locale => negotiateLocale(request.headers['accept-language'], auth.language);

const access =
  'Global admins, customer admins and users with the REPORTS task at the acting location (else 403); for the acting customer ' +
  '(provider staff: the customer they act for).';
const fileRules =
  `The \`file\` is an Excel workbook (.xlsx, first sheet) or CSV text (UTF-8 or Windows-1252, a BOM allowed, \`;\`, tab or \`,\` ` +
  `detected), told by its content; at most ${RECONCILIATION_MAX_BYTES / 1024 / 1024} MiB (else 413 FILE_TOO_LARGE) and ` +
  `${RECONCILIATION_MAX_ROWS} data rows (else 400 on \`file\`); anything else 400 on \`file\`.`;

/** VALIDATION with each issue's message key on its path (`validation.invalid` for a message that is no key). */
function invalid(issues: z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    fields[issue.path.join('.') || 'request'] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
  }
  return new AppError(AppErrorCode.VALIDATION, {}, fields);
}

/** The uploaded file, or VALIDATION on `file` (validation.required) when there is none or it is empty. */
function requiredFile(form: UploadForm): { data: Buffer; fileName: string } {
  if (!form.file || form.file.data.length === 0) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
  return { data: form.file.data, fileName: form.file.fileName || 'file' };
}

export async function reconciliationRoutes(app: FastifyInstance) {
  // Only this plugin's routes take multipart bodies here: one file and a field of JSON (the mapping may name 200 products).
  await app.register(multipart, { limits: { files: 1, fields: 4, fieldSize: 256 * 1024, fileSize: RECONCILIATION_MAX_BYTES, parts: 5 } });
  const r = typed(app);
  const tags = ['reconciliation'];

  r.post(
    '/ReconciliationFile',
    {
      schema: {
        tags,
        summary:
          'An uploaded file’s columns (header, distinct values), row count and first 10 rows, with the acting customer’s saved mapping',
        description: `multipart/form-data: \`file\` and \`headerRow\` (1-based, default the saved mapping’s or 1). ${fileRules} ${access}`,
        consumes: ['multipart/form-data'],
        multipartBody: ZReconciliationFileForm,
        response: { 200: ok(ZReconciliationPreview) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const form = await readForm(request, reconciliationTooLarge);
      const fields = ZReconciliationFileFields.safeParse(form.fields.headerRow ? { headerRow: form.fields.headerRow } : {});
      if (!fields.success) throw invalid(fields.error.issues);
      return { data: await previewFile(app.db, auth, requiredFile(form), fields.data.headerRow) };
    },
  );

  r.post(
    '/Reconciliations',
    {
      schema: {
        tags,
        summary:
          'Reconciles a file of the acting customer’s own movements against the ledger of its locations for a period and saves it with the mapping; the same idempotencyKey answers the first',
        description: [
          'multipart/form-data: `file` and `request`, ZCreateReconciliationRequest as JSON (its errors 400 on their paths). Rows',
          'match first by reference, then by counterparty, product, quantity and booking date within ±toleranceDays',
          '(docs/reconciliation.md). Locations outside the caller’s scope 404; another customer’s 400 on `locationIds`.',
          fileRules,
          access,
        ].join(' '),
        consumes: ['multipart/form-data'],
        multipartBody: ZCreateReconciliationForm,
        response: { 201: ok(ZReconciliationSummary) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const form = await readForm(request, reconciliationTooLarge);
      const text = form.fields.request;
      if (!text) throw new AppError(AppErrorCode.VALIDATION, {}, { request: 'validation.required' });
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new AppError(AppErrorCode.VALIDATION, {}, { request: 'validation.invalid' });
      }
      const parsed = ZCreateReconciliationRequest.safeParse(json);
      if (!parsed.success) throw invalid(parsed.error.issues);
      const file = requiredFile(form);
      const id = await createReconciliation(app.db, auth, localeOf(request, auth), parsed.data, file);
      return reply.code(201).send({ data: await getReconciliationSummary(app.db, auth, id) });
    },
  );

  r.get(
    '/Reconciliations',
    {
      schema: {
        tags,
        summary: 'The acting customer’s saved reconciliations with their counts and match rate (basis points), newest first, at most 500',
        description: access,
        response: { 200: ok(z.array(ZReconciliationSummary)) },
      },
    },
    async (request) => ({ data: await findReconciliations(app.db, requireAuth(request)) }),
  );

  r.get(
    '/Reconciliations/:id',
    {
      schema: {
        tags,
        summary:
          'One saved reconciliation: the summary, per product the file’s balance against the ledger’s, every row; another customer’s 404',
        description: access,
        params: ZIdParam,
        response: { 200: ok(ZReconciliation) },
      },
    },
    async (request, typedReply) => {
      // Sent as text built to the schema, a part at a time (reconciliationJson), not an object checked on the way out.
      const reply = typedReply as FastifyReply;
      const auth = requireAuth(request);
      const reconciliation = await getReconciliation(app.db, auth, localeOf(request, auth), request.params.id);
      return reply.type('application/json; charset=utf-8').send(Readable.from(reconciliationJson(reconciliation), { objectMode: false }));
    },
  );

  r.get(
    '/Reconciliations/:id/workbook',
    {
      schema: {
        tags,
        summary:
          'The reconciliation as an Excel workbook (summary, per product, every row) in the caller’s language; another customer’s 404',
        description: access,
        params: ZIdParam,
        response: { 200: fileAnswer('The reconciliation: an .xlsx workbook', [XLSX_MIME]) },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const auth = requireAuth(request);
      const locale = localeOf(request, auth);
      const reconciliation = await getReconciliation(app.db, auth, locale, request.params.id);
      const stream = new PassThrough();
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition(reconciliationFileName(reconciliation), false))
        .header('Cache-Control', 'private, no-store');
      // The workbook is written while it is sent; a failure now can only cut the download.
      writeReconciliationXlsx(stream, reconciliation, locale).catch((error: Error) => {
        request.log.error({ err: error }, 'reconciliation export failed');
        stream.destroy(error);
      });
      return reply.send(stream);
    },
  );
}
