/**
 * The GDPR gate (spec section 4, "App start": a non-global-admin with confirmedGdpr false goes
 * to gdpr; issue 7): a signed-in user who has not confirmed the GDPR terms gets 403
 * GDPR_REQUIRED on every API call except those the gdpr page and the way to it need. The
 * browser's redirect alone stopped nobody who called the API directly.
 *
 * The person decides: the signed-in (login) user's confirmation counts, also while acting as
 * another user; global admins are excepted (spec section 6: they skip GDPR confirmation).
 * Calls without a session are not this gate's business (they answer 401 or are public).
 */
import { AppErrorCode } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

/**
 * The calls open before the confirmation, by method and route (matched case-insensitively, as
 * the router matches): what the /gdpr page, the public layout around it and the app start that
 * sends the user there call (apps/web/src/features/gdpr, features/public, features/session),
 * and the public calls that also work without a session.
 * - GET Status: the public layout's service check and the login page's "already signed in";
 * - POST Actions: the app start, whose Status tells the web to go to /gdpr;
 * - POST Gdpr: the confirmation itself; POST logout: the page's way out;
 * - POST Agreement: the agreement page, which comes before the app (and so before /gdpr)
 *   right after sign-in (spec section 2);
 * - GET/POST Language: the language picker;
 * - POST Login and POST LoginHandover: signing in again; GET Messages?type=login: the login
 *   page's welcome texts;
 * - POST PasswordResetRequest, PasswordLink, PasswordReset: the public forgot-password and
 *   reset-password pages (modules/accounts), which a signed-in browser may also open;
 * - POST NewCustomerRequests: the public new-customer page (it sends no token, but a browser
 *   that holds one may);
 * - GET PalletReceiptPublic, POST PalletReceiptAnswer: a pallet receipt's QR link, opened by
 *   anyone who holds it (modules/pallet-receipts).
 */
const openCalls: Record<string, true | ((request: FastifyRequest) => boolean)> = {
  'GET /api/status': true,
  'POST /api/actions': true,
  'POST /api/gdpr': true,
  'POST /api/agreement': true,
  'POST /api/logout': true,
  'GET /api/language': true,
  'POST /api/language': true,
  'POST /api/login': true,
  'POST /api/loginhandover': true,
  'POST /api/passwordresetrequest': true,
  'POST /api/passwordlink': true,
  'POST /api/passwordreset': true,
  'POST /api/newcustomerrequests': true,
  'GET /api/palletreceiptpublic': true,
  'POST /api/palletreceiptanswer': true,
  'GET /api/messages': (request) => (request.query as { type?: unknown } | undefined)?.type === 'login',
};

/**
 * Whether a call (method and route as registered, `/api/...`) is always open before the GDPR
 * confirmation; a call open only for some queries (GET Messages?type=login) counts as gated.
 * The OpenAPI document names GDPR_REQUIRED on every other call (plugins/openapi.ts).
 */
export function gdprOpenCall(method: string, route: string): boolean {
  return openCalls[`${method.toUpperCase()} ${route.toLowerCase()}`] === true;
}

/** Whether a request may pass without a GDPR confirmation. */
function isOpen(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  // Not an API route (the web app's files, version.json), an unknown path (404), or the API's own documentation.
  if (!route?.toLowerCase().startsWith('/api/') || route.toLowerCase().startsWith('/api/docs')) return true;
  const open = openCalls[`${request.method} ${route.toLowerCase()}`];
  return open === true || !!open?.(request);
}

export const gdprGate = fp(async (app: FastifyInstance) => {
  // preValidation: after every onRequest hook (the session is resolved there), before the body is checked.
  app.addHook('preValidation', async (request) => {
    const person = request.auth?.loginUser;
    if (!person || person.isGlobalAdmin || person.confirmedGdpr) return;
    if (!isOpen(request)) throw new AppError(AppErrorCode.GDPR_REQUIRED);
  });
});
