/**
 * The downtime gate (issue 10, "Maintenance"; docs/global.md): while a downtime window is in
 * force every API call answers 503 DOWNTIME, naming the reopening day and time in the caller's
 * language (and Retry-After in seconds), except
 * - calls of a signed-in global admin (the signed-in person, also while acting as another user),
 * - GET Status, which tells the public area the window,
 * - POST Login, which lets only global admins in (modules/auth/login.ts refuses others with
 *   the same 503 after the password check, so a wrong password still answers 401),
 * - POST logout,
 * - GET Messages without a token (the login page's welcome texts: public content).
 * The window comes from a cache of a few seconds (modules/global/current-downtime.ts). Runs
 * after the auth plugin, which resolves the caller.
 */
import { AppErrorCode, reopeningParams } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { negotiateLocale } from '../i18n.js';
import { activeDowntime } from '../modules/global/current-downtime.js';

const open = new Set(['GET /api/status', 'HEAD /api/status', 'POST /api/login', 'POST /api/logout']);

/** The DOWNTIME error for a window that ends at `endsAt`; with a reply, Retry-After (seconds) on it. */
export function downtimeError(locale: Parameters<typeof reopeningParams>[0], endsAt: string, reply?: FastifyReply): AppError {
  reply?.header('Retry-After', String(Math.max(1, Math.ceil((Date.parse(endsAt) - Date.now()) / 1000))));
  return new AppError(AppErrorCode.DOWNTIME, reopeningParams(locale, endsAt));
}

export const downtimeGate = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '').toLowerCase().replace(/\/+$/, '');
    if (!path.startsWith('/api/') || open.has(`${request.method} ${path}`)) return;
    if (request.auth?.loginUser.isGlobalAdmin) return;
    if (!request.auth && request.method === 'GET' && path === '/api/messages') return;
    const window = await activeDowntime(app.db);
    if (!window) return;
    throw downtimeError(negotiateLocale(request.headers['accept-language'], request.auth?.language), window.endsAt, reply);
  });
});
