/**
 * API key calls (issue 10, "Controls and API pages"; docs/api.md): GET and POST ApiKeys,
 * DELETE ApiKeys/{id}, on the signed-in user's own keys.
 */
import { ZApiKey, ZBigIdParam, ZCreateApiKeyRequest, ZCreatedApiKey } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { createApiKey } from './create-api-key.js';
import { listApiKeys } from './list-api-keys.js';
import { revokeApiKey } from './revoke-api-key.js';

export async function apiKeyRoutes(app: FastifyInstance) {
  const r = typed(app);
  r.get(
    '/ApiKeys',
    {
      schema: {
        tags: ['api'],
        summary:
          'The signed-in user’s own API keys, newest first (the newest 100): name, prefix (the first 12 characters), created, last day, last used (at most a minute behind), revoked, state. Never the keys themselves',
        response: { 200: ok(z.array(ZApiKey)) },
      },
    },
    async (request) => ({ data: await listApiKeys(app.db, requireAuth(request)) }),
  );
  r.post(
    '/ApiKeys',
    {
      schema: {
        tags: ['api'],
        summary:
          'A new API key for the signed-in user, answered this once as `token` (send it as `Authorization: Bearer ppk_...`; only its SHA-256 is stored). `expiresAt`: its last day, today to 365 days ahead (UTC). At most 10 working keys per user (400 on `name`). 403 with an API key or while acting as another user',
        body: ZCreateApiKeyRequest,
        response: { 200: ok(ZCreatedApiKey) },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ data: await createApiKey(app.db, requireAuth(request), request.body, request) }),
  );
  r.delete(
    '/ApiKeys/:id',
    {
      schema: {
        tags: ['api'],
        summary: 'Revoke one of the signed-in user’s own keys: it answers 401 from its next call. 404 for another user’s key',
        params: ZBigIdParam,
        response: { 200: ok(ZApiKey) },
      },
    },
    async (request) => {
      const key = await revokeApiKey(app.db, requireAuth(request), request.params.id, request);
      // A key resolved a moment ago may sit in this process's session cache: drop it, so the key stops now.
      app.forgetCachedSessions();
      return { data: key };
    },
  );
}
