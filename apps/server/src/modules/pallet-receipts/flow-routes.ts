/**
 * The pallet receipt calls of issue 20 (docs/pallet-receipts.md, "The counterparty's consent",
 * "Provider approval", "Disputes of a final receipt"): POST PalletReceiptConfirmation (the
 * counterparty in its own session), POST PalletReceiptApproval (provider staff), POST
 * PalletReceiptDisputes (either side, a final receipt) and POST PalletReceiptDisputeDecision
 * (provider staff). Each answers the receipt as GET PalletReceipts/{id} does. Registered by
 * routes.ts.
 */
import {
  ZPalletReceipt,
  ZPalletReceiptApprovalRequest,
  ZPalletReceiptConfirmationRequest,
  ZPalletReceiptDisputeDecisionRequest,
  ZPalletReceiptDisputeRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { negotiateLocale } from '../../i18n.js';
import { type AuthContext, requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { approvePalletReceipt } from './approve-pallet-receipt.js';
import { confirmPalletReceipt } from './confirm-pallet-receipt.js';
import { decideReceiptDispute } from './decide-receipt-dispute.js';
import { disputePalletReceipt } from './dispute-pallet-receipt.js';
import { getPalletReceipt } from './get-pallet-receipt.js';

/** Registers the four calls (see the file comment) on `app`; `config.publicUrl` is the base of the links the approval's mails carry. */
export async function palletReceiptFlowRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) {
  const r = typed(app);
  const tags = ['pallet receipts'];
  const answer = (request: { headers: Record<string, unknown> }, auth: AuthContext, id: number) =>
    getPalletReceipt(app.db, auth, id, negotiateLocale(request.headers['accept-language'] as string | undefined, auth.language));

  r.post(
    '/PalletReceiptConfirmation',
    {
      schema: {
        tags,
        summary:
          'A user of the counterparty (its own customer’s user whose scope holds it; provider staff for a depot) confirms an open receipt (final, posts once) or objects with a reason (disputed), within its window; 403 for anyone else, 409 outside the window',
        body: ZPalletReceiptConfirmationRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await confirmPalletReceipt(app.db, auth, request.body);
      return { data: await answer(request, auth, request.body.id) };
    },
  );
  r.post(
    '/PalletReceiptApproval',
    {
      schema: {
        tags,
        summary:
          'Provider staff approve a receipt waiting for approval (it opens; its counterparty is told now and its window starts) or void it, with a comment; 409 unless it waits for approval',
        body: ZPalletReceiptApprovalRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await approvePalletReceipt(app.db, auth, request.body, config.publicUrl);
      return { data: await answer(request, auth, request.body.id) };
    },
  );
  r.post(
    '/PalletReceiptDisputes',
    {
      schema: {
        tags,
        summary:
          'A user of either side disputes a final receipt within 30 days of its booking day: a reason and, per product, the carriers it should be; one open dispute at a time (409); the same idempotencyKey answers without a second one',
        body: ZPalletReceiptDisputeRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await disputePalletReceipt(app.db, auth, request.body);
      return { data: await answer(request, auth, request.body.receiptId) };
    },
  );
  r.post(
    '/PalletReceiptDisputeDecision',
    {
      schema: {
        tags,
        summary:
          'Provider staff decide an open dispute of a final receipt: correct (posts the difference once, source receiptCorrection; the receipt never changes) or reject, with a comment; 409 unless open',
        body: ZPalletReceiptDisputeDecisionRequest,
        response: { 200: ok(ZPalletReceipt) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const receiptId = await decideReceiptDispute(app.db, auth, request.body);
      return { data: await answer(request, auth, receiptId) };
    },
  );
}
