/**
 * Excel import calls (issue 3; spec section 2, "import from Excel (header row count, start
 * row)"): POST OrdersImport (multipart: the .xlsx `file` and the options as form fields or
 * query parameters) and GET OrdersImportTemplate (the .xlsx to fill in).
 */
import multipart from '@fastify/multipart';
import {
  AppErrorCode,
  type Locale,
  ORDERS_IMPORT_MAX_BYTES,
  ORDERS_IMPORT_MAX_ROWS,
  ZOrdersImportForm,
  ZOrdersImportOptions,
  ZOrdersImportQuery,
  ZOrdersImportResult,
  ZOrdersImportTemplateQuery,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { type AuthContext, requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { fileAnswer, ok, typed } from '../http.js';
import { readForm } from '../multipart-form.js';
import { importLocation, importOrders } from './import-orders.js';
import { importTemplate } from './import-template.js';
import { importTooLarge } from './xlsx-file.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const kindNames = { 1: 'purchase', 2: 'sale', 3: 'delivery' } as const;

const localeOf = (request: FastifyRequest, auth: AuthContext): Locale => negotiateLocale(request.headers['accept-language'], auth.language);

export async function orderImportRoutes(app: FastifyInstance) {
  // Only this plugin's routes take multipart bodies here: one file and a few short fields.
  await app.register(multipart, { limits: { files: 1, fields: 10, fieldSize: 100, fileSize: ORDERS_IMPORT_MAX_BYTES, parts: 12 } });
  const r = typed(app);
  const tags = ['orders'];

  r.post(
    '/OrdersImport',
    {
      schema: {
        tags,
        summary: `Import orders from an Excel file (.xlsx, max 5 MiB, max ${ORDERS_IMPORT_MAX_ROWS} rows): preview=true checks every row and writes nothing; otherwise the valid rows become orders in one transaction`,
        description: [
          'multipart/form-data: a `file` part (.xlsx, told by its content) and the fields `headerRows` (>= 0, default 1),',
          '`startRow` (>= 1, after the header rows, default 2), `transactionTypeId` (1 purchase, 2 sale, 3 delivery; needs the task',
          'ORDER, DISPATCH or SHIPMENT, else 403), `locationId` (the customer side, default the acting location; outside the',
          'caller’s scope 404), `draft` (default true) and `preview` (default false); the fields may also come as query parameters.',
          'Columns of the first sheet, A-G: other party (location number or 13-digit GLN; for a delivery also an external',
          'location; empty for a purchase or sale: the default depot), send date (Excel date or yyyy-mm-dd, an open day),',
          'product (id, code or name), quantity (full stacks), own reference, receiver’s reference, information text. Rows with',
          'the same other party, date and own reference make one order. Answers every row with its problems in the caller’s',
          'language, the counts and the created order ids. 400 IMPORT_FILE_TYPE (not an .xlsx), IMPORT_TOO_MANY_ROWS,',
          'IMPORT_NO_VALID_ROWS (an import without a valid row), VALIDATION (options); 413 FILE_TOO_LARGE.',
        ].join(' '),
        consumes: ['multipart/form-data'],
        multipartBody: ZOrdersImportForm,
        querystring: ZOrdersImportQuery,
        response: { 200: ok(ZOrdersImportResult) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { file, fields } = await readForm(request, importTooLarge);
      const parsed = ZOrdersImportOptions.safeParse({ ...stripEmpty(request.query), ...stripEmpty(fields) });
      if (!parsed.success) {
        const fieldKeys: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          fieldKeys[issue.path.join('.') || 'body'] ??= issue.message.startsWith('validation.') ? issue.message : 'validation.invalid';
        }
        throw new AppError(AppErrorCode.VALIDATION, {}, fieldKeys);
      }
      if (!file || file.data.length === 0) throw new AppError(AppErrorCode.VALIDATION, {}, { file: 'validation.required' });
      return { data: await importOrders(app.db, auth, localeOf(request, auth), parsed.data, file.data) };
    },
  );

  r.get(
    '/OrdersImportTemplate',
    {
      schema: {
        tags,
        summary:
          'The .xlsx template of POST OrdersImport for a list (transactionTypeId) and location (default: the acting one): translated header row, an example row from the caller’s data, and a sheet of the products with id, code, name and full stack',
        querystring: ZOrdersImportTemplateQuery,
        response: { 200: fileAnswer('The template workbook (.xlsx), as an attachment named orders-import-<kind>.xlsx', [XLSX_MIME]) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { transactionTypeId } = request.query;
      const locationId = await importLocation(app.db, auth, transactionTypeId, request.query.locationId);
      const data = await importTemplate(app.db, auth, localeOf(request, auth), transactionTypeId, locationId);
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition(`orders-import-${kindNames[transactionTypeId]}.xlsx`, false))
        .header('Cache-Control', 'private, no-store');
      return reply.send(data);
    },
  );
}

/** Leaves out empty values, so that an empty form field takes the option's default. */
function stripEmpty(values: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
}
