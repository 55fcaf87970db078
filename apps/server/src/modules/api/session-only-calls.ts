/**
 * What an API key cannot do (docs/api.md, "What a key cannot do"): change the sign-in itself,
 * speak for the person, or change who can sign in to an account (issue 20: "A leaked API key
 * takes over its account"). With a key these answer 403 FORBIDDEN (field `authorization`: "An
 * API key cannot do this. Sign in to the portal to do it.").
 *
 * Whole calls, refused before the body is read (`sessionOnlyCalls`):
 * - POST logout, POST status (switch), POST HandoverToken: a key has no session row to end,
 *   switch or hand over; a key is ended with DELETE ApiKeys/{id};
 * - POST userPassword, POST UserPasswordLink: a leaked key must not take over accounts;
 * - POST Gdpr, POST Agreement: consent is given by the person;
 * - POST ApiKeys: a leaked key must not make keys that outlive its revocation;
 * - POST NewCustomerRequestConversion: it creates a customer's administrator and mails them a link.
 * Changes inside calls a key may otherwise make, refused by the use case with
 * `requirePersonSignIn` (the identity of an account): a profile's email (POST user), and in
 * POST Users a new user, another email or login name, or a user made active again. Those use
 * cases (and the password ones, again) call it themselves, so no route can forget it.
 * GET and POST Language work (they read and store the key user's language).
 */
import { AppErrorCode } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { NO_SESSION } from './api-key-auth.js';

/**
 * Refuses a caller without a session of a person (an API key): for changes of who can sign in
 * to an account (see the file comment).
 * @throws FORBIDDEN (403), field `authorization` `api.signInOnly`
 */
export function requirePersonSignIn(auth: AuthContext | null | undefined): void {
  if (auth?.sessionId === NO_SESSION) throw new AppError(AppErrorCode.FORBIDDEN, {}, { authorization: 'api.signInOnly' });
}

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
  'POST /api/newcustomerrequestconversion',
]);

export const sessionOnlyGate = fp(async (app: FastifyInstance) => {
  // onRequest hooks resolved the caller; refuse before the body is even read.
  app.addHook('preValidation', async (request) => {
    if (request.auth?.sessionId !== NO_SESSION) return;
    const route = request.routeOptions.url?.toLowerCase();
    if (route && sessionOnlyCalls.has(`${request.method} ${route}`)) requirePersonSignIn(request.auth);
  });
});
