/**
 * Count audit calls (Company > Counting; spec section 3 "Count audit"; docs/domain.md "Count
 * audits"): GET/POST CountAudits, GET CountAudits/{id}, POST CountAuditConfirm and
 * GET CountAuditLocations.
 */
import {
  ZCountAudit,
  ZCountAuditConfirmRequest,
  ZCountAuditLocation,
  ZCountAuditSummary,
  ZCountAuditsQuery,
  ZIdParam,
  ZRegisterCountAuditRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { decideCountAudit } from './decide-count-audit.js';
import { findCountAuditLocations, findCountAudits } from './find-count-audits.js';
import { getCountAudit } from './get-count-audit.js';
import { registerCountAudit } from './register-count-audit.js';

export async function countingRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['count audits'];
  r.get(
    '/CountAudits',
    {
      schema: {
        tags,
        summary:
          'The counts of the caller’s locations (provider staff: every location’s), newest count date first; customer admins and provider staff only',
        querystring: ZCountAuditsQuery,
        response: { 200: ok(z.array(ZCountAuditSummary)) },
      },
    },
    async (request) => ({ data: await findCountAudits(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/CountAudits/:id',
    {
      schema: {
        tags,
        summary:
          'One count with its lines: counted, balance at the date, inbound and outbound since, difference, correction; 404 outside scope',
        params: ZIdParam,
        response: { 200: ok(ZCountAudit) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getCountAudit(app.db, auth, request.params.id, locale) };
    },
  );
  r.post(
    '/CountAudits',
    {
      schema: {
        tags,
        summary:
          'Register a count of a location on a day (not in the future): counted carriers per product; answers the count with its figures',
        body: ZRegisterCountAuditRequest,
        response: { 200: ok(ZCountAudit) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const id = await registerCountAudit(app.db, auth, request.body, locale);
      return { data: await getCountAudit(app.db, auth, id, locale) };
    },
  );
  r.post(
    '/CountAuditConfirm',
    {
      schema: {
        tags,
        summary:
          'Provider staff confirm a registered count (posts one correction per product with a difference, at the count date) or reject it with a comment; decided once (409)',
        body: ZCountAuditConfirmRequest,
        response: { 200: ok(ZCountAudit) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      await decideCountAudit(app.db, auth, request.body, locale);
      return { data: await getCountAudit(app.db, auth, request.body.id, locale) };
    },
  );
  r.get(
    '/CountAuditLocations',
    {
      schema: {
        tags,
        summary: 'The locations the caller may count, with their counts awaiting confirmation; customer admins and provider staff only',
        response: { 200: ok(z.array(ZCountAuditLocation)) },
      },
    },
    async (request) => ({ data: await findCountAuditLocations(app.db, requireAuth(request)) }),
  );
}
