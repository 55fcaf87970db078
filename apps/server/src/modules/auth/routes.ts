/** Sign-in and sign-out calls (spec section 7): POST Login, POST logout. */
import { ZLoginRequest, ZLoginResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { loadAuthBySessionId, requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { getSessionStatus } from '../session/get-session-status.js';
import { login, logout } from './login.js';

export async function authRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const r = typed(app);
  r.post(
    '/Login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token and the session status',
        body: ZLoginRequest,
        response: { 200: ok(ZLoginResponse) },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { token, expiresAt, sessionId } = await login(app.db, config, request.body, request.ip);
      const auth = await loadAuthBySessionId(app.db, sessionId);
      if (!auth) throw new Error('Session vanished after sign-in');
      return { data: { token, expiresAt, status: await getSessionStatus(app.db, auth, config, request.hostname) } };
    },
  );
  r.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: ok(z.boolean()) } } },
    async (request) => {
      await logout(app.db, requireAuth(request).sessionId);
      return { data: true };
    },
  );
}
