/**
 * Calls an API key cannot make (docs/api.md, "What a key cannot do"): those that change the
 * sign-in itself or speak for the person, which need a session of a person in the browser.
 * With a key they answer 403 FORBIDDEN (field `authorization`: "Sign in to the portal to do
 * this"):
 * - POST logout, POST status (switch), POST HandoverToken: a key has no session row to end,
 *   switch or hand over; a key is ended with DELETE ApiKeys/{id};
 * - POST userPassword, POST UserPasswordLink: a leaked key must not take over accounts;
 * - POST Gdpr, POST Agreement: consent is given by the person;
 * - POST ApiKeys: a leaked key must not make keys that outlive its revocation.
 * GET and POST Language work (they read and store the key user's language).
 */
import { AppErrorCode } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import { NO_SESSION } from './api-key-auth.js';

/** Method and route (lower case, as registered under /api) of the calls refused with a key. */
export const sessionOnlyCalls = new Set([
  'POST /api/logout',
  'POST /api/status',
  'POST /api/handovertoken',
  'POST /api/userpassword',
  'POST /api/userpasswordlink',
  'POST /api/gdpr',
  'POST /api/agreement',
  'POST /api/apikeys',
]);

export const sessionOnlyGate = fp(async (app: FastifyInstance) => {
  // onRequest hooks resolved the caller; refuse before the body is even read.
  app.addHook('preValidation', async (request) => {
    if (request.auth?.sessionId !== NO_SESSION) return;
    const route = request.routeOptions.url?.toLowerCase();
    if (route && sessionOnlyCalls.has(`${request.method} ${route}`))
      throw new AppError(AppErrorCode.FORBIDDEN, {}, { authorization: 'api.signInOnly' });
  });
});
