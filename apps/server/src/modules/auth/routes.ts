/**
 * Sign-in and sign-out calls (spec section 7): POST Login, POST logout, and the hand-over of a
 * sign-in between sister portals: POST HandoverToken, POST LoginHandover (handover.ts).
 */
import { ZHandoverToken, ZLoginHandoverRequest, ZLoginRequest, ZLoginResponse } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { loadAuthBySessionId, requireAuth } from '../../plugins/auth.js';
import { flushFailedSignIns } from '../global/failed-sign-ins.js';
import { ok, typed } from '../http.js';
import { getSessionStatus } from '../session/get-session-status.js';
import { createHandoverToken, exchangeHandoverToken, HANDOVER_SECONDS } from './handover.js';
import { login, logout } from './login.js';

export async function authRoutes(app: FastifyInstance, { config }: { config: Config }) {
  // The failed sign-ins still queued for the log are written before the app (and then its database) closes.
  app.addHook('onClose', async () => {
    await flushFailedSignIns(app.db);
  });
  const r = typed(app);
  r.post(
    '/Login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token, the session status and a device mark for the next sign-in',
        description:
          'Guessing is throttled per user name (docs/domain.md, "Sign-in"): a sign-in from an address where the user signed in ' +
          'before, or with the `deviceMark` of their last sign-in in this client, is checked at once; any other may be held ' +
          "up to a minute for its turn (429 RATE_LIMITED when its turn is further away). Keep the answer's `deviceMark` " +
          'for the user name and send it with the next sign-in.',
        body: ZLoginRequest,
        response: { 200: ok(ZLoginResponse) },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { token, expiresAt, sessionId, deviceMark } = await login(app.db, config, request.body, request.ip, request);
      const auth = await loadAuthBySessionId(app.db, sessionId);
      if (!auth) throw new Error('Session vanished after sign-in');
      return { data: { token, expiresAt, status: await getSessionStatus(app.db, auth, config, request.hostname), deviceMark } };
    },
  );
  r.post(
    '/LoginHandover',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the token of the `auth` query parameter (sign-in from a sister portal) for a fresh one',
        description:
          'The web app sends the `auth` query parameter it was opened with here, once, and stores the token of the answer. ' +
          'The token sent is spent (revoked); 401 when it is unknown, spent or expired. The answer is that of POST Login.',
        body: ZLoginHandoverRequest,
        response: { 200: ok(ZLoginResponse) },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { token, expiresAt, sessionId } = await exchangeHandoverToken(app.db, config, request.body.auth);
      const auth = await loadAuthBySessionId(app.db, sessionId);
      if (!auth) throw new Error('Session vanished after the hand-over');
      return { data: { token, expiresAt, status: await getSessionStatus(app.db, auth, config, request.hostname) } };
    },
  );
  r.post(
    '/HandoverToken',
    {
      schema: {
        tags: ['auth'],
        summary: "A one-time token that hands the caller's sign-in to a sister portal in its `auth` query parameter",
        description: `Good for POST LoginHandover only, once, within ${HANDOVER_SECONDS} s; not a bearer token.`,
        response: { 200: ok(ZHandoverToken) },
      },
    },
    async (request) => ({ data: await createHandoverToken(app.db, requireAuth(request)) }),
  );
  r.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current token', response: { 200: ok(z.boolean()) } } },
    async (request) => {
      await logout(app.db, requireAuth(request), request);
      return { data: true };
    },
  );
}
