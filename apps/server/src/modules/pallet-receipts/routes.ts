/**
 * Pallet receipt calls (issue 11; spec section 2, "/pallet-receipts"; docs/pallet-receipts.md):
 * GET/POST PalletReceipts, GET PalletReceipts/{id}, GET PalletReceipts/{id}/document (the PDF),
 * POST PalletReceiptSignature, POST PalletReceiptDecision, GET PalletReceiptCounterparties, and
 * the QR link's public GET PalletReceiptPublic and POST PalletReceiptAnswer (no account; rate
 * limited per client address). Issue 20's consent, approval and disputes are in flow-routes.ts.
 */
import {
  ZCreateAnyPalletReceiptRequest,
  ZIdParam,
  ZPalletReceipt,
  ZPalletReceiptAnswerRequest,
  ZPalletReceiptCounterpartiesQuery,
  ZPalletReceiptCounterparty,
  ZPalletReceiptDecisionRequest,
  ZPalletReceiptPublic,
  ZPalletReceiptPublicQuery,
  ZPalletReceiptSignatureRequest,
  ZPalletReceiptSummary,
  ZPalletReceiptsQuery,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { sendPdf } from '../documents/send-pdf.js';
import { fileAnswer, ok, typed } from '../http.js';
import { answerPalletReceipt, getPublicReceipt } from './answer-pallet-receipt.js';
import { createPalletReceipt } from './create-pallet-receipt.js';
import { decidePalletReceipt } from './decide-pallet-receipt.js';
import { findCounterparties, findPalletReceipts } from './find-pallet-receipts.js';
import { palletReceiptFlowRoutes } from './flow-routes.js';
import { getPalletReceipt } from './get-pallet-receipt.js';
import { getReceiptDocument } from './get-receipt-document.js';
import { signPalletReceipt } from './sign-pallet-receipt.js';

/** Calls of the QR link per client address and minute (no account behind them). */
export const PUBLIC_RECEIPT_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

export async function palletReceiptRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) {
  const r = typed(app);
  const tags = ['pallet receipts'];
  const localeOf = (request: { headers: Record<string, unknown> }, language?: string) =>
    negotiateLocale(request.headers['accept-language'] as string | undefined, language);

  r.get(
    '/PalletReceipts',
    {
      schema: {
        tags,
        summary:
          'The log: receipts whose location or counterparty is in the caller’s scope, newest handover first (at most 500), filtered by location, handover dates, status, inventory and a term',
        querystring: ZPalletReceiptsQuery,
        response: { 200: ok(z.array(ZPalletReceiptSummary)) },
      },
    },
    async (request) => ({ data: await findPalletReceipts(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/PalletReceipts/:id',
    {
      schema: {
        tags,
        summary: 'One receipt with its lines and signatures; 404 unless its location or counterparty is in the caller’s scope',
        params: ZIdParam,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: await getPalletReceipt(app.db, auth, request.params.id, localeOf(request, auth.language)) };
    },
  );
  r.get(
    '/PalletReceipts/:id/document',
    {
      schema: {
        tags,
        summary: 'The receipt as a PDF (A4, inline, <number>.pdf) in the caller’s language; its QR code links to the receipt in the portal',
        params: ZIdParam,
        response: { 200: fileAnswer('The pallet receipt: an A4 PDF, inline, named <receipt number>.pdf', ['application/pdf']) },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { pdf, fileName } = await getReceiptDocument(
        app.db,
        auth,
        request.params.id,
        localeOf(request, auth.language),
        config.publicUrl,
      );
      return sendPdf(reply, pdf, fileName);
    },
  );
  r.post(
    '/PalletReceipts',
    {
      schema: {
        tags,
        summary:
          'Write a receipt at a location’s dock (a handover with a counterparty, or with inventory: true a count that registers a count audit); mailed to both parties after the commit; waits for provider approval for a counterparty the location does not trade with or more returned than held (with requestApproval; 400 otherwise); answers it with the dock’s QR link (the only time the link is given; it confirms only when no other party’s balance moves); the same idempotencyKey and body answer the first receipt (409 with another body)',
        body: ZCreateAnyPalletReceiptRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = localeOf(request, auth.language);
      const created = await createPalletReceipt(app.db, auth, request.body, locale, config.publicUrl);
      const receipt = await getPalletReceipt(app.db, auth, created.id, locale);
      return { data: { ...receipt, qrUrl: created.qrUrl } };
    },
  );
  r.post(
    '/PalletReceiptSignature',
    {
      schema: {
        tags,
        summary:
          'One side signs an open receipt or one waiting for approval (PNG data URL); once per side (409 after); with both signatures an open receipt that moves no other party’s balance is final and posts',
        body: ZPalletReceiptSignatureRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await signPalletReceipt(app.db, auth, request.body);
      return { data: await getPalletReceipt(app.db, auth, request.body.id, localeOf(request, auth.language)) };
    },
  );
  r.post(
    '/PalletReceiptDecision',
    {
      schema: {
        tags,
        summary: 'Provider staff decide a disputed receipt: final (posts, once) or void (posts nothing); 409 unless disputed',
        body: ZPalletReceiptDecisionRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await decidePalletReceipt(app.db, auth, request.body);
      return { data: await getPalletReceipt(app.db, auth, request.body.id, localeOf(request, auth.language)) };
    },
  );
  r.get(
    '/PalletReceiptCounterparties',
    {
      schema: {
        tags,
        summary:
          'Who can be the other side of a receipt at the location’s dock: active portal locations and the customer’s external locations, by name, number or GLN, trading partners first, each saying whether it trades with the location and whether its balance would move (at most 50)',
        querystring: ZPalletReceiptCounterpartiesQuery,
        response: { 200: ok(z.array(ZPalletReceiptCounterparty)) },
      },
    },
    async (request) => ({ data: await findCounterparties(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/PalletReceiptPublic',
    {
      config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
      schema: {
        tags,
        summary:
          'The QR link’s public summary of a receipt (no account): number, parties’ names, haulier, car number, time, lines, status, due date, signed sides; 404 for an unknown token',
        querystring: ZPalletReceiptPublicQuery,
        response: { 200: ok(ZPalletReceiptPublic) },
      },
    },
    async (request) => ({ data: await getPublicReceipt(app.db, request.query.token, localeOf(request)) }),
  );
  r.post(
    '/PalletReceiptAnswer',
    {
      config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
      schema: {
        tags,
        summary:
          'The counterparty answers by QR link (no account): confirm (final, posts once) or object with a reason (disputed); only while open and within the due date (409 otherwise); the dock’s link of a receipt that moves another party’s balance cannot answer (403); 404 for an unknown token',
        body: ZPalletReceiptAnswerRequest,
        response: { 200: ok(ZPalletReceiptPublic) },
      },
    },
    async (request) => {
      await answerPalletReceipt(app.db, request.body);
      return { data: await getPublicReceipt(app.db, request.body.token, localeOf(request)) };
    },
  );
  await palletReceiptFlowRoutes(app, { config });
}
