/**
 * Dispute calls (issue 22; docs/disputes.md, "API"): GET/POST Disputes, GET Disputes/{id}, GET DisputeMovement,
 * POST DisputeAnswer, POST DisputeDecision, POST DisputeWithdrawal, POST DisputeWindowExtension,
 * GET/POST DisputeSettings. Thin: each parses with the shared schema of @portal/domain, calls its
 * use case (which checks access first) and answers the dispute as GET Disputes/{id} does.
 */
import {
  ZDispute,
  ZDisputeAnswerRequest,
  ZDisputeDecisionRequest,
  ZDisputeMovement,
  ZDisputeMovementQuery,
  ZDisputeSettings,
  ZDisputeSummary,
  ZDisputesQuery,
  ZDisputeWindowExtensionRequest,
  ZDisputeWithdrawalRequest,
  ZIdParam,
  ZOpenDisputeRequest,
  ZPlainDate,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { answerDispute } from './answer-dispute.js';
import { decideDispute } from './decide-dispute.js';
import { getDisputeSettings, saveDisputeSettings } from './dispute-settings.js';
import { extendDisputeWindow } from './extend-dispute-window.js';
import { findDisputes } from './find-disputes.js';
import { getDispute } from './get-dispute.js';
import { getDisputeMovement } from './get-dispute-movement.js';
import { openDispute } from './open-dispute.js';
import { withdrawDispute } from './withdraw-dispute.js';

/** The caller's language: the session's, else Accept-Language (product names in the answers). */
const localeOf = (request: FastifyRequest) => negotiateLocale(request.headers['accept-language'], request.auth?.language);

/** Registers the dispute calls on `app`. */
export async function disputeRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['disputes'];

  r.get(
    '/Disputes',
    {
      schema: {
        tags,
        summary:
          'Disputes of the caller’s scope in one list: open (incl. waiting for the provider), waitingForMe, waitingForThem, decided; newest first, at most 500',
        querystring: ZDisputesQuery,
        response: { 200: ok(z.array(ZDisputeSummary)) },
      },
    },
    async (request) => ({ data: await findDisputes(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/Disputes/:id',
    {
      schema: {
        tags,
        summary: 'One dispute with its lines, history and the caller’s actions; 404 unless a party of it is in the caller’s scope',
        params: ZIdParam,
        response: { 200: ok(ZDispute) },
      },
    },
    async (request) => ({ data: await getDispute(app.db, requireAuth(request), request.params.id, localeOf(request)) }),
  );
  r.get(
    '/DisputeMovement',
    {
      schema: {
        tags,
        summary:
          'The movement a dispute would be about (exactly one of orderId, palletReceiptId, rentalId, ledgerEntryId): its parties, booking day, last day to dispute it and per product the carriers in force now; the same refusals as opening one',
        querystring: ZDisputeMovementQuery,
        response: { 200: ok(ZDisputeMovement) },
      },
    },
    async (request) => ({ data: await getDisputeMovement(app.db, requireAuth(request), request.query, localeOf(request)) }),
  );
  r.post(
    '/Disputes',
    {
      schema: {
        tags,
        summary:
          'A party of a received order, a final pallet receipt, a rental or a single ledger entry (exactly one) disputes it within the pool’s window from its booking day: what is wrong, the quantities it should be, a comment; the other party is told and answers by its deadline; 409 outside the window or while one is open; the same idempotencyKey answers the first dispute',
        body: ZOpenDisputeRequest,
        response: { 200: ok(ZDispute) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await openDispute(app.db, auth, request.body);
      return { data: await getDispute(app.db, auth, id, localeOf(request)) };
    },
  );
  r.post(
    '/DisputeAnswer',
    {
      schema: {
        tags,
        summary:
          'The party a dispute waits for accepts it (its correction posts once), rejects it with a comment (the provider decides) or proposes other quantities (the other party answers); 409 when it changed meanwhile (version) or waits for the other party',
        body: ZDisputeAnswerRequest,
        response: { 200: ok(ZDispute) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await answerDispute(app.db, auth, request.body);
      return { data: await getDispute(app.db, auth, request.body.id, localeOf(request)) };
    },
  );
  r.post(
    '/DisputeDecision',
    {
      schema: {
        tags,
        summary:
          'Provider support or a global admin decides a rejected dispute, finally: for it (its correction posts once) or against it, with a comment; 403 for anyone else, 409 unless rejected or when it changed meanwhile',
        body: ZDisputeDecisionRequest,
        response: { 200: ok(ZDispute) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await decideDispute(app.db, auth, request.body);
      return { data: await getDispute(app.db, auth, request.body.id, localeOf(request)) };
    },
  );
  r.post(
    '/DisputeWithdrawal',
    {
      schema: {
        tags,
        summary: 'The opener withdraws an open or rejected dispute; nothing posts; 409 once it ended or when it changed meanwhile',
        body: ZDisputeWithdrawalRequest,
        response: { 200: ok(ZDispute) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await withdrawDispute(app.db, auth, request.body);
      return { data: await getDispute(app.db, auth, request.body.id, localeOf(request)) };
    },
  );
  r.post(
    '/DisputeWindowExtension',
    {
      schema: {
        tags,
        summary: 'Provider staff let one movement be disputed through a later day than the pool’s window; answers its last day now',
        body: ZDisputeWindowExtensionRequest,
        response: { 200: ok(z.object({ until: ZPlainDate })) },
      },
    },
    async (request) => ({ data: { until: await extendDisputeWindow(app.db, requireAuth(request), request.body) } }),
  );
  r.get(
    '/DisputeSettings',
    {
      schema: {
        tags,
        summary: 'The pool’s dispute window and answer deadline, in days (defaults 30 and 14)',
        response: { 200: ok(ZDisputeSettings) },
      },
    },
    async (request) => ({ data: await getDisputeSettings(app.db, requireAuth(request)) }),
  );
  r.post(
    '/DisputeSettings',
    {
      schema: {
        tags,
        summary: 'A global admin sets the pool’s dispute window (1-365 days) and answer deadline (1-90 days)',
        body: ZDisputeSettings,
        response: { 200: ok(ZDisputeSettings) },
      },
    },
    async (request) => ({ data: await saveDisputeSettings(app.db, requireAuth(request), request.body) }),
  );
}
