/**
 * My profile and password calls (issue 9; spec sections 4, 5, 7; docs/accounts.md): GET/POST
 * user, POST userPassword, POST UserPasswordLink, and the anonymous forgot-password calls POST
 * PasswordResetRequest, POST PasswordLink and POST PasswordReset (rate limited per client
 * address; open before the GDPR confirmation, plugins/gdpr-gate.ts).
 */
import {
  ZPasswordLinkCheck,
  ZPasswordLinkInfo,
  ZPasswordResetBody,
  ZPasswordResetRequest,
  ZUserPasswordLinkRequest,
  ZUserPasswordRequest,
  ZUserProfile,
  ZUserProfileQuery,
  ZUserProfileRequest,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { changePassword } from './change-password.js';
import { checkPasswordLink, requestPasswordReset, resetPassword, sendPasswordLink } from './password-link-calls.js';
import { getUserProfile, saveUserProfile } from './profile.js';

/** Forgot-password requests per client address (OWASP Forgot Password Cheat Sheet: rate limit). */
export const RESET_REQUEST_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/** Link checks and resets per client address. */
export const RESET_LIMIT = { max: 30, timeWindow: '15 minutes' } as const;
/** Own password changes per client address (guessing the old password through a stolen session). */
export const CHANGE_PASSWORD_LIMIT = { max: 10, timeWindow: '15 minutes' } as const;
/**
 * The least time POST PasswordResetRequest takes, whatever the input: an unknown name answers
 * no faster than a known one that writes a link and a mail (no user enumeration by timing).
 */
export const RESET_REQUEST_MIN_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function accountRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['accounts'];
  r.get(
    '/user',
    {
      schema: {
        tags,
        summary:
          'A user profile: `id` omitted, the signed-in user; else a user the caller administers (customer admin: own customer; global admin: anyone); 404 outside that, 403 RIGHTS_EXCEEDED for a user with a right the caller lacks (a global admin, finance, a higher report level, a task, a location)',
        querystring: ZUserProfileQuery,
        response: { 200: ok(ZUserProfile) },
      },
    },
    async (request) => ({ data: await getUserProfile(app.db, requireAuth(request), request.query.id) }),
  );
  r.post(
    '/user',
    {
      schema: {
        tags,
        summary:
          'Save a profile (name, phone, email, language; phone and email required): own, or a user the caller administers; a changed email is told to the old address. 400 with field messages, 404 outside reach, 403 RIGHTS_EXCEEDED for a user with a right the caller lacks, 403 for a changed email with an API key',
        body: ZUserProfileRequest,
        response: { 200: ok(ZUserProfile) },
      },
    },
    async (request) => ({ data: await saveUserProfile(app.db, requireAuth(request), request.body) }),
  );
  r.post(
    '/userPassword',
    {
      schema: {
        tags,
        summary:
          "Change the own password with `oldPassword` (400 'Password could not be changed' when it does not match; the other sessions and the user's API keys end), or, without it, an admin sets a user's password (all that user's sessions and API keys end); 403 for a non-admin or an API key, 403 RIGHTS_EXCEEDED for a user with a right the caller lacks, 404 outside reach",
        body: ZUserPasswordRequest,
        response: { 200: ok(z.boolean()) },
      },
      config: { rateLimit: CHANGE_PASSWORD_LIMIT },
    },
    async (request) => {
      await changePassword(app.db, requireAuth(request), request.body, request);
      app.forgetCachedSessions();
      return { data: true };
    },
  );
  r.post(
    '/UserPasswordLink',
    {
      schema: {
        tags,
        summary:
          'An admin emails a user a reset link (good once, for 1 hour); 400 when the user has no email, 403 for a non-admin, 403 RIGHTS_EXCEEDED for a user with a right the caller lacks, 404 outside reach',
        body: ZUserPasswordLinkRequest,
        response: { 200: ok(z.boolean()) },
      },
    },
    async (request) => {
      await sendPasswordLink(app.db, requireAuth(request), request.body.userId, request);
      return { data: true };
    },
  );
  r.post(
    '/PasswordResetRequest',
    {
      schema: {
        tags,
        summary:
          'Forgot password (anonymous): a login name or email; matching active users get a reset link by email (at most 3 an hour each). The answer is true for every input; 429 after 10 requests from one address in 15 minutes',
        body: ZPasswordResetRequest,
        response: { 200: ok(z.literal(true)) },
      },
      config: { rateLimit: RESET_REQUEST_LIMIT },
    },
    async (request) => {
      const until = Date.now() + RESET_REQUEST_MIN_MS;
      await requestPasswordReset(app.db, request.body.userLoginName, request.ip);
      await sleep(until - Date.now());
      return { data: true as const };
    },
  );
  r.post(
    '/PasswordLink',
    {
      schema: {
        tags,
        summary:
          "What a password link is for (reset or welcome) without spending it (anonymous); 400 'The reset password link is invalid or has expired' for an unknown, used or expired link",
        body: ZPasswordLinkCheck,
        response: { 200: ok(ZPasswordLinkInfo) },
      },
      config: { rateLimit: RESET_LIMIT },
    },
    async (request) => ({ data: await checkPasswordLink(app.db, request.body.token) }),
  );
  r.post(
    '/PasswordReset',
    {
      schema: {
        tags,
        summary:
          "Set a new password with a link's token (anonymous; min 7 characters): the link is spent and every session and API key of the user ends; answers the login name. 400 'The reset password link is invalid or has expired' for an unknown, used or expired link",
        body: ZPasswordResetBody,
        response: { 200: ok(z.object({ loginName: z.string() })) },
      },
      config: { rateLimit: RESET_LIMIT },
    },
    async (request) => {
      const data = await resetPassword(app.db, request.body);
      app.forgetCachedSessions();
      return { data };
    },
  );
}
