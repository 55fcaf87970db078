/**
 * Session calls (spec section 7): GET Status, POST status (switch), POST Actions,
 * GET webtaskUsers, GET location, GET/POST Language, POST Gdpr, POST Agreement.
 */
import {
  type ActionName,
  AppErrorCode,
  tasks as allTasks,
  isActionName,
  TransactionStatus,
  TransactionType,
  transactionTypeCodes,
  ZActionsRequest,
  ZLanguageRequest,
  ZLocation,
  ZPublicStatus,
  ZSessionStatus,
  ZSwitchStatusRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Config, isPortalHost } from '../../config.js';
import { sql } from '../../db/client.js';
import { AppError, notFound } from '../../errors.js';
import { negotiateLocale, translator } from '../../i18n.js';
import { loadAuthBySessionId, requireAuth } from '../../plugins/auth.js';
import { currentOrNextDowntime } from '../global/current-downtime.js';
import { ok, typed } from '../http.js';
import { countryRows } from '../locations/addresses.js';
import { listTruckTypes } from '../lookups/truck-types.js';
import { acceptAgreement } from './accept-agreement.js';
import { getSessionStatus, loadLocation, statusInfo } from './get-session-status.js';
import { listInterCompanyLinks } from './list-inter-company-links.js';
import { switchStatus } from './switch-status.js';

export async function sessionRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = typed(app);

  r.get(
    '/Status',
    {
      schema: {
        tags: ['session'],
        summary:
          'Service status; with a valid token also the session status; the downtime window in force or next (or null), whether the host is one the portal serves, and the portal’s address',
        response: { 200: ok(ZPublicStatus) },
      },
    },
    async (request) => ({
      data: {
        status: request.auth ? await getSessionStatus(app.db, request.auth, config, request.hostname) : null,
        info: statusInfo(config, request.hostname),
        downtime: await currentOrNextDowntime(app.db),
        hostConfigured: isPortalHost(config, request.hostname),
        portalUrl: config.publicUrl,
      },
    }),
  );

  r.post(
    '/status',
    {
      schema: {
        tags: ['session'],
        summary:
          'Switch the acting customer, location or user (spec section 6); answers the new status. 403 SWITCH_NOT_ALLOWED outside the rules, 403 RIGHTS_EXCEEDED for a user with a right the signed-in user lacks',
        body: ZSwitchStatusRequest,
        response: { 200: ok(ZSessionStatus) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await switchStatus(app.db, auth, request.body, request);
      const next = await loadAuthBySessionId(app.db, auth.sessionId);
      if (!next) throw new AppError('UNAUTHORIZED');
      return { data: await getSessionStatus(app.db, next, config, request.hostname) };
    },
  );

  r.post(
    '/Actions',
    {
      schema: {
        tags: ['session'],
        summary:
          'Initial data: each named action (Status, TransactionTypes, TransactionStatuses, WebTaskUsers, TruckTypes, InterCompany, Preload) answered in order; a failing or unknown one as { error: { type, message } }',
        body: ZActionsRequest,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const t = translator(negotiateLocale(request.headers['accept-language'], auth.language));
      const results: unknown[] = [];
      for (const name of request.body) {
        // Spec section 7: entries may hold an error object; an unknown name fails only its own entry.
        if (!isActionName(name)) {
          results.push({ error: { type: AppErrorCode.NOT_FOUND, message: t('actions.unknown', { name }) } });
          continue;
        }
        try {
          results.push(await runAction(name));
        } catch (error) {
          const type = error instanceof AppError ? error.code : 'UNEXPECTED';
          request.log.warn({ err: error, action: name }, 'action failed');
          results.push({ error: { type, message: t(`errors.${type}`) } });
        }
      }
      return { data: results };

      async function runAction(name: ActionName): Promise<unknown> {
        switch (name) {
          case 'Status':
            return getSessionStatus(app.db, auth, config, request.hostname);
          case 'TransactionTypes':
            return Object.values(TransactionType).map((id) => ({ id, code: transactionTypeCodes[id] }));
          case 'TransactionStatuses':
            return Object.entries(TransactionStatus).map(([name, id]) => ({ id, name }));
          case 'WebTaskUsers':
            return auth.user.tasks.length ? auth.user.tasks : [...allTasks];
          case 'TruckTypes':
            return listTruckTypes(app.db, negotiateLocale(request.headers['accept-language'], auth.language), app.caches.truckTypes);
          case 'InterCompany':
            return listInterCompanyLinks(app.db, auth);
          case 'Preload':
            return (await countryRows(app.db, app.caches.countries)).filter((c) => c.isAvailable);
        }
      }
    },
  );

  r.get(
    '/webtaskUsers',
    {
      schema: {
        tags: ['session'],
        summary: "The acting user's task permissions (all when none are set)",
        response: { 200: ok(z.array(z.string())) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      return { data: auth.user.tasks.length ? auth.user.tasks : [...allTasks] };
    },
  );

  r.get(
    '/location',
    { schema: { tags: ['session'], summary: 'The acting location', response: { 200: ok(ZLocation) } } },
    async (request) => {
      const auth = requireAuth(request);
      const location = auth.locationId ? await loadLocation(app.db, auth.locationId) : null;
      if (!location) throw notFound();
      return { data: location };
    },
  );

  r.get(
    '/Language',
    { schema: { tags: ['session'], summary: "The signed-in user's language", response: { 200: ok(ZLanguageRequest) } } },
    async (request) => ({ data: { language: requireAuth(request).language } }),
  );

  r.post(
    '/Language',
    {
      schema: {
        tags: ['session'],
        summary: "Store the signed-in user's language",
        body: ZLanguageRequest,
        response: { 200: ok(ZLanguageRequest) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await app.db.execute(sql`UPDATE users SET language = ${request.body.language} WHERE id = ${auth.loginUser.id}`);
      return { data: { language: request.body.language } };
    },
  );

  r.post(
    '/Gdpr',
    {
      schema: {
        tags: ['session'],
        summary: 'The signed-in user confirms the GDPR terms',
        body: z.object({ confirmed: z.literal(true) }),
        response: { 200: ok(z.boolean()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      await app.db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE id = ${auth.loginUser.id}`);
      return { data: true };
    },
  );

  r.post(
    '/Agreement',
    {
      schema: {
        tags: ['session'],
        summary:
          "Accept the standard agreement for the signed-in user's customer: a customer admin, or the customer's first user when it has no admin; anyone else 403 AGREEMENT_NOT_ALLOWED",
        body: z.object({ accepted: z.literal(true) }),
        response: { 200: ok(z.boolean()) },
      },
    },
    async (request) => {
      await acceptAgreement(app.db, requireAuth(request));
      return { data: true };
    },
  );
}
