/**
 * Balance confirmation calls (issue 22; docs/statements.md, "Balance confirmations"): the
 * provider's rounds (global admins: GET and POST ConfirmationRounds, GET ConfirmationRounds/{id},
 * POST ConfirmationRounds/{id}/Reminders) and the customer's answer through its link (no
 * account: GET and POST BalanceConfirmation, rate-limited like the pallet receipts' links).
 */
import {
  ZAnswerBalanceConfirmationRequest,
  ZBalanceConfirmation,
  ZConfirmationReminders,
  ZConfirmationRound,
  ZConfirmationRoundDetail,
  ZConfirmationRoundParam,
  ZConfirmationTokenQuery,
  ZCreateConfirmationRoundRequest,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { PUBLIC_RECEIPT_LIMIT } from '../pallet-receipts/routes.js';
import { answerBalanceConfirmation, getBalanceConfirmation } from './answer-balance-confirmation.js';
import { createConfirmationRound } from './create-confirmation-round.js';
import { findConfirmationRounds, getConfirmationRound } from './find-confirmation-rounds.js';
import { remindConfirmations } from './remind-confirmations.js';

/** The caller's language: the signed-in user's, else the browser's. */
const localeOf = (request: FastifyRequest) => negotiateLocale(request.headers['accept-language'], request.auth?.language);

export async function confirmationRoutes(app: FastifyInstance, { config }: { config: Pick<Config, 'publicUrl'> }) {
  const r = typed(app);
  const tags = ['statements'];
  r.get(
    '/ConfirmationRounds',
    {
      schema: {
        tags,
        summary:
          'The balance confirmation rounds, newest first, with how many customers confirmed, disputed or did not answer; global admins (403)',
        response: { 200: ok(z.array(ZConfirmationRound)) },
      },
    },
    async (request) => ({ data: await findConfirmationRounds(app.db, requireAuth(request)) }),
  );
  r.post(
    '/ConfirmationRounds',
    {
      schema: {
        tags,
        summary:
          'Starts a round: each chosen customer is mailed a link to its closing balances on `asOf` (today or earlier) to confirm or dispute; global admins (403); an unknown customer 404; the same idempotency key answers the same round',
        body: ZCreateConfirmationRoundRequest,
        response: { 200: ok(ZConfirmationRoundDetail) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const id = await createConfirmationRound(app.db, auth, request.body, config.publicUrl);
      return { data: await getConfirmationRound(app.db, auth, id, localeOf(request)) };
    },
  );
  r.get(
    '/ConfirmationRounds/:id',
    {
      schema: {
        tags,
        summary:
          'One round with each customer’s answer (who, when, comment, the lines it disputed with its own figures), the addresses its link went to, the reminders sent and the movement disputes the customer’s locations opened since the round started; global admins (403)',
        params: ZConfirmationRoundParam,
        response: { 200: ok(ZConfirmationRoundDetail) },
      },
    },
    async (request) => ({ data: await getConfirmationRound(app.db, requireAuth(request), request.params.id, localeOf(request)) }),
  );
  r.post(
    '/ConfirmationRounds/:id/Reminders',
    {
      schema: {
        tags,
        summary: 'Mails the customers of the round that have not answered again, each with a new link; global admins (403)',
        params: ZConfirmationRoundParam,
        response: { 200: ok(ZConfirmationReminders) },
      },
    },
    async (request) => ({
      data: { reminded: await remindConfirmations(app.db, requireAuth(request), request.params.id, config.publicUrl) },
    }),
  );
  r.get(
    '/BalanceConfirmation',
    {
      config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
      schema: {
        tags,
        summary:
          'The link’s confirmation (no account): the customer’s closing balances on the round’s day per location, product and account, and the answer once given; 404 for an unknown token',
        querystring: ZConfirmationTokenQuery,
        response: { 200: ok(ZBalanceConfirmation) },
      },
    },
    async (request) => ({
      data: await getBalanceConfirmation(app.db, request.query.token, negotiateLocale(request.headers['accept-language'])),
    }),
  );
  r.post(
    '/BalanceConfirmation',
    {
      config: { rateLimit: PUBLIC_RECEIPT_LIMIT },
      schema: {
        tags,
        summary:
          'Answers through the link (no account): confirmed, or disputed with a comment saying what does not match and optionally the lines that differ with the customer’s own figures (each one of the link’s balances, else 400); once (409 after); 404 for an unknown token',
        body: ZAnswerBalanceConfirmationRequest,
        response: { 200: ok(ZBalanceConfirmation) },
      },
    },
    async (request) => {
      await answerBalanceConfirmation(app.db, request.body);
      return { data: await getBalanceConfirmation(app.db, request.body.token, negotiateLocale(request.headers['accept-language'])) };
    },
  );
}
