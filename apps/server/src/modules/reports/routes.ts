/** Report calls (issue 8, "Reports"): GET Reports/{report}, as JSON, as an Excel workbook or as CSV (issue 23). */
import { PassThrough, Readable } from 'node:stream';
import { REPORT_MAX_DAYS, REPORT_MAX_ROWS, reportNames, ZReport, ZReportParams, ZReportQuery } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { contentDisposition } from '../attachments/file-type.js';
import { ok, typed } from '../http.js';
import { exportReportXlsx, prepareReport, reportFileName, reportJson } from './get-report.js';
import { exportReportCsv, reportCsvFileName } from './report-csv.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export async function reportRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Reports/:report',
    {
      schema: {
        tags: ['reports'],
        summary:
          'A report of the caller’s scope for a period (columns, rows, totals), or with format=xlsx an Excel workbook, format=csv CSV',
        description: [
          `\`report\`: ${reportNames.join(', ')}. Query: \`from\`, \`to\` (yyyy-MM-dd, both inclusive, from <= to, at most`,
          `${REPORT_MAX_DAYS} days apart, else 400 on \`from\`; default the current year up to today), \`locationId\`,`,
          '`customerId`, `productId`, `transactionTypeId` (1 purchase, 2 sale, 3',
          'delivery) narrow the scope of the caller’s report level; a filter outside it answers 404. Columns carry a key, a',
          'type (text, integer, date, datetime, money, currency, boolean, percent) and the label in the caller’s language; money',
          'is in integer minor units of the row’s `currency`, and money columns are there only with the finance-report',
          'permission. The Reports menu area is needed (403), except for shop-transactions and retail-transactions (Shop',
          `accounting, every signed-in user). More than ${REPORT_MAX_ROWS} rows as JSON answers 400 REPORT_TOO_LARGE;`,
          '`format=xlsx` streams the workbook (header in the caller’s language, filters on the first rows, real dates and',
          'numbers, money with two decimals); `format=csv` streams the rows as CSV for another system (RFC 4180, UTF-8, a',
          'header row of the column keys, the JSON answer’s values: money in minor units, dates yyyy-MM-dd; no row limit;',
          'docs/integrations.md, "CSV feeds").',
        ].join(' '),
        params: ZReportParams,
        querystring: ZReportQuery,
        response: {
          200: ok(ZReport),
        },
      },
    },
    async (request, typedReply) => {
      // The answer is sent as a stream or as text serialized here, not as an object the schema types.
      const reply = typedReply as FastifyReply;
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const prepared = await prepareReport(app.db, auth, locale, request.params.report, request.query);
      if (request.query.format === 'xlsx') {
        const stream = new PassThrough();
        reply
          .header('Content-Type', XLSX_MIME)
          .header('Content-Disposition', contentDisposition(reportFileName(prepared.ctx), false))
          .header('Cache-Control', 'private, no-store');
        // The workbook is written while it is sent; a failure now can only cut the download.
        exportReportXlsx(prepared, request.query, stream).catch((error: Error) => {
          request.log.error({ err: error }, 'report export failed');
          stream.destroy(error);
        });
        return reply.send(stream);
      }
      if (request.query.format === 'csv') {
        const stream = new PassThrough();
        reply
          .header('Content-Type', 'text/csv; charset=utf-8; header=present')
          .header('Content-Disposition', contentDisposition(reportCsvFileName(prepared), false))
          .header('Cache-Control', 'private, no-store');
        exportReportCsv(prepared, stream).catch((error: Error) => {
          request.log.error({ err: error }, 'report export failed');
          stream.destroy(error);
        });
        return reply.send(stream);
      }
      // Serialized by the report as its rows come: a report may have 100,000 rows, and the schema's
      // per-row check on the way out would cost more than reading them (the rows are built to it).
      // Sent part by part, never joined into one string (issue 20).
      const parts = await reportJson(prepared);
      return reply.type('application/json; charset=utf-8').send(Readable.from(parts, { objectMode: false }));
    },
  );
}
