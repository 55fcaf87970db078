/**
 * Messages, news, guides and Global > Publishing (issue 10; spec sections 3, 4 and 7;
 * docs/messages.md): GET Messages, GET Messages/{id}, POST Messages. POST MessageRead, shared
 * with the alerts of the bell, lives in modules/alerts/routes.ts and hands `source: 'Message'`
 * to mark-message-read.ts.
 */
import { ZMessage, ZMessageIdParam, ZMessageQuery, ZMessagesQuery, ZPublishMessageRequest } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { negotiateLocale } from '../../i18n.js';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { findMessages } from './find-messages.js';
import { getMessage } from './get-message.js';
import { publishMessage } from './publish-message.js';

export async function messageRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['messages'];
  r.get(
    '/Messages',
    {
      schema: {
        tags,
        summary:
          'Published messages the caller sees, newest first, in its language; type=login (with language) also for anonymous visitors; route: guides of a route (help icon); all: every message (global admins)',
        querystring: ZMessagesQuery,
        response: { 200: ok(z.array(ZMessage)) },
      },
    },
    async (request) => {
      const auth = request.auth;
      const { language } = request.query;
      // The session's language wins; a visitor's is the one asked for, else the browser's.
      const locale = negotiateLocale(request.headers['accept-language'], auth?.language ?? language);
      return { data: await findMessages(app.db, auth, request.query, locale) };
    },
  );
  r.get(
    '/Messages/:id',
    {
      schema: {
        tags,
        summary:
          'One message the caller sees, in its language; 404 outside its audience or window; all: any message with every locale (global admins)',
        params: ZMessageIdParam,
        querystring: ZMessageQuery,
        response: { 200: ok(ZMessage) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      return { data: await getMessage(app.db, auth, request.params.id, locale, !!request.query.all) };
    },
  );
  r.post(
    '/Messages',
    {
      schema: {
        tags,
        summary:
          'Publish a message, or update, schedule, withdraw or restore the one with id (global admins; others 403); answers the message with every locale',
        body: ZPublishMessageRequest,
        response: { 200: ok(ZMessage) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const locale = negotiateLocale(request.headers['accept-language'], auth.language);
      const id = await publishMessage(app.db, auth, request.body, request);
      return { data: await getMessage(app.db, auth, id, locale, true) };
    },
  );
}
