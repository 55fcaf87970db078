/** Mail calls (issue 3): GET EmailArchive (Company > Email archive). */
import { ZEmailArchiveQuery, ZEmailArchiveResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findEmailArchive } from './find-email-archive.js';

export async function mailRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/EmailArchive',
    {
      schema: {
        tags: ['mail'],
        summary: 'Archived emails, newest first: a customer admin sees its customer’s, a global admin all (403 for others)',
        querystring: ZEmailArchiveQuery,
        response: { 200: ok(ZEmailArchiveResponse) },
      },
    },
    async (request) => ({ data: await findEmailArchive(app.db, requireAuth(request), request.query) }),
  );
}
