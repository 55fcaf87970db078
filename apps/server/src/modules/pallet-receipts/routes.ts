/**
 * Pallet receipt calls (issue 11; spec section 2, "/pallet-receipts"; docs/pallet-receipts.md):
 * GET/POST PalletReceipts, GET PalletReceipts/{id}, GET PalletReceipts/{id}/document (the PDF),
 * POST PalletReceiptSignature, POST PalletReceiptDecision, GET PalletReceiptCounterparties, and
 * the QR link's public GET PalletReceiptPublic and POST PalletReceiptAnswer (no account; rate
 * limited per client address).
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
          'Write a receipt at a location’s dock (a handover with a counterparty, or with inventory: true a count that registers a count audit); mailed to both parties; answers it with its QR link (the only time the link is given)',
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
          'One side signs an open receipt (PNG data URL); once per side (409 after); with both signatures the receipt is final and posts',
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
      return { data: await decidePalletReceipt(app.db, auth, request.body, localeOf(request, auth.language)) };
    },
  );
  r.get(
    '/PalletReceiptCounterparties',
    {
      schema: {
        tags,
        summary:
          'Who can be the other side of a receipt at the location’s dock: active portal locations and the customer’s external locations, by name, number or GLN (at most 50)',
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
          'The counterparty answers by QR link (no account): confirm (final, posts once) or object with a reason (disputed); only while open and within the due date (409 otherwise); 404 for an unknown token',
        body: ZPalletReceiptAnswerRequest,
        response: { 200: ok(ZPalletReceiptPublic) },
      },
    },
    async (request) => {
      await answerPalletReceipt(app.db, request.body);
      return { data: await getPublicReceipt(app.db, request.body.token, localeOf(request)) };
    },
  );
}
