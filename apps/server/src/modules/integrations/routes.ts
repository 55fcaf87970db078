/**
 * Integration calls (issue 23; docs/integrations.md): GET Events, the feed of what happened, for a
 * signed-in user or an API key (which acts as its user), within the caller's scope.
 */
import { ZEventPage, ZEventsQuery } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findEvents } from './find-events.js';

export async function integrationRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/Events',
    {
      schema: {
        tags: ['integrations'],
        summary: 'The events after a cursor, in order, a page at a time, within the caller’s scope',
        description:
          'Pass `next` back as `after` to read on; a cursor never skips nor repeats an event, also while several ' +
          'writers commit at once (an event appears once every older transaction has ended). `types` is comma-separated ' +
          '(order.created, order.statusChanged); `limit` 1-500, default 100. Each event carries the data of its GET call ' +
          'as the caller reads it now (GET Orders/{id} for order events); an event whose subject the caller may no longer ' +
          'read is passed over. Events are kept EVENT_RETENTION_DAYS (default 90 days).',
        querystring: ZEventsQuery,
        response: { 200: ok(ZEventPage) },
      },
    },
    async (request) => ({ data: await findEvents(app.db, requireAuth(request), request.query) }),
  );
}
