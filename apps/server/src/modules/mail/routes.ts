/**
 * Mail calls (issue 3; issue 9, Company > Email archive): GET EmailArchive, GET
 * EmailArchive/{id} and GET EmailArchiveFilters. Provider staff read every mail, a customer
 * admin the mails to or from the acting customer, anyone else 403 (email-archive-scope.ts).
 */
import { ZBigIdParam, ZEmailArchiveFilters, ZEmailArchiveMail, ZEmailArchiveQuery, ZEmailArchiveResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findEmailArchiveFilters } from './email-archive-filters.js';
import { findEmailArchive, getEmailArchiveMail } from './find-email-archive.js';

export async function mailRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/EmailArchive',
    {
      schema: {
        tags: ['mail'],
        summary:
          'Archived emails, newest first, with the total: a customer admin sees the mails to or from the acting customer, provider staff all (403 for others); 400 for a dateFrom after dateTo',
        querystring: ZEmailArchiveQuery,
        response: { 200: ok(ZEmailArchiveResponse) },
      },
    },
    async (request) => ({ data: await findEmailArchive(app.db, requireAuth(request), request.query) }),
  );
  r.get(
    '/EmailArchive/:id',
    {
      schema: {
        tags: ['mail'],
        summary:
          'One archived email with its HTML alternative (null for text only), for the same callers as GET EmailArchive (403 for others); 404 for one that is missing or outside the caller’s scope',
        params: ZBigIdParam,
        response: { 200: ok(ZEmailArchiveMail) },
      },
    },
    async (request) => ({ data: await getEmailArchiveMail(app.db, requireAuth(request), request.params.id) }),
  );
  r.get(
    '/EmailArchiveFilters',
    {
      schema: {
        tags: ['mail'],
        summary:
          'The email archive’s filter choices from the mails the caller may read: topics, receiving customers (provider staff only), receiving users, from locations. 403 as GET EmailArchive',
        response: { 200: ok(ZEmailArchiveFilters) },
      },
    },
    async (request) => ({ data: await findEmailArchiveFilters(app.db, requireAuth(request)) }),
  );
}
