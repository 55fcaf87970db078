/**
 * Statement calls (issue 22; docs/statements.md): GET Statements (JSON), GET Statements/document
 * (the PDF) and GET Statements/workbook (Excel), each for one location in the caller's scope and
 * a period of at most a year (another customer's location answers 404); GET and POST
 * StatementSettings, the acting customer's statement mailing (customer admins and global admins).
 */
import { PassThrough } from 'node:stream';
import { ZSaveStatementSettingsRequest, ZStatement, ZStatementQuery, ZStatementSettings } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { sendPdf } from '../documents/send-pdf.js';
import { fileAnswer, ok, typed } from '../http.js';
import { getStatement } from './get-statement.js';
import { renderStatement } from './render-statement.js';
import { getStatementSettings, saveStatementSettings } from './statement-settings.js';
import { statementFileName } from './statement-texts.js';
import { writeStatementXlsx } from './statement-xlsx.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const description =
  'Quantities in carriers; dates yyyy-MM-dd, `from` and `to` inclusive, at most 366 days apart. Who may read a location’s ' +
  'balance may read its statement; another customer’s location answers 404. A period of more than 10,000 movements answers ' +
  '400 (choose a shorter one).';

export async function statementRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['statements'];
  r.get(
    '/Statements',
    {
      schema: {
        tags,
        summary:
          'A location’s statement for a period: per product and account the opening balance, in, out and closing; every movement; in transit at the end',
        description,
        querystring: ZStatementQuery,
        response: { 200: ok(ZStatement) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getStatement(app.db, auth, locale, request.query) };
    },
  );
  r.get(
    '/Statements/document',
    {
      schema: {
        tags,
        summary: 'The statement as a PDF (A4, inline, statement-<location>-<from>-<to>.pdf) in the caller’s language',
        description,
        querystring: ZStatementQuery,
        response: { 200: fileAnswer('The statement: an A4 PDF', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const statement = await getStatement(app.db, auth, locale, request.query);
      return sendPdf(reply, await renderStatement(statement, locale), statementFileName(statement, 'pdf'));
    },
  );
  r.get(
    '/Statements/workbook',
    {
      schema: {
        tags,
        summary: 'The statement as an Excel workbook (balances, movements, in transit) in the caller’s language',
        description,
        querystring: ZStatementQuery,
        response: { 200: fileAnswer('The statement: an .xlsx workbook', [XLSX_MIME]) },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const statement = await getStatement(app.db, auth, locale, request.query);
      const stream = new PassThrough();
      reply
        .header('Content-Type', XLSX_MIME)
        .header('Content-Disposition', contentDisposition(statementFileName(statement, 'xlsx'), false))
        .header('Cache-Control', 'private, no-store');
      // The workbook is written while it is sent; a failure now can only cut the download.
      writeStatementXlsx(stream, statement, locale).catch((error: Error) => {
        request.log.error({ err: error }, 'statement export failed');
        stream.destroy(error);
      });
      return reply.send(stream);
    },
  );
  r.get(
    '/StatementSettings',
    {
      schema: {
        tags,
        summary:
          'The acting customer’s statement mailing: schedule (off, monthly, twiceMonthly), recipients and the last period mailed; 403 unless customer admin or global admin',
        response: { 200: ok(ZStatementSettings) },
      },
    },
    async (request) => ({ data: await getStatementSettings(app.db, requireAuth(request)) }),
  );
  r.post(
    '/StatementSettings',
    {
      schema: {
        tags,
        summary:
          'Saves the acting customer’s statement mailing; a schedule other than off needs 1-10 recipients (400); 403 unless customer admin or global admin',
        body: ZSaveStatementSettingsRequest,
        response: { 200: ok(ZStatementSettings) },
      },
    },
    async (request) => ({ data: await saveStatementSettings(app.db, requireAuth(request), request.body, request) }),
  );
}
