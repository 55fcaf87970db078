/**
 * Resolves the bearer token of the Authorization header to the session: login user, acting
 * user, customer and location. Only the SHA-256 of a token is stored; revoked or expired
 * sessions and hand-over tokens are ignored. A token in the `auth` query parameter is no
 * bearer token: it is good only for POST LoginHandover (modules/auth/handover.ts; OWASP ASVS
 * 4.0.3 V3.1.1, no session tokens in URLs).
 */
import { createHash } from 'node:crypto';
import { AppErrorCode, isLocale, type Locale, type Task } from '@portal/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, rows, sql } from '../db/client.js';
import { AppError, unauthorized } from '../errors.js';
import { isApiKeyToken, loadAuthByApiKey } from '../modules/api/api-key-auth.js';
import { homeLocationId } from '../modules/session/home-location.js';
import { actingStaysWithin } from '../modules/session/rights-within.js';
import { unknownTokenLimit } from './rate-limits.js';

export interface UserRow {
  id: number;
  customerId: number;
  locationId: number | null;
  name: string;
  loginName: string;
  phone: string | null;
  email: string | null;
  language: string;
  isActive: boolean;
  isGlobalAdmin: boolean;
  isCustomerAdmin: boolean;
  isReturnScheme: boolean;
  isSupport: boolean;
  isSuperuser: boolean;
  reportLevel: number;
  financeReport: boolean;
  confirmedGdpr: boolean;
  tasks: Task[];
}

/** Who is calling: the session's login user and the customer, location and user it acts as. */
export interface AuthContext {
  /** The session row; 0 when none stands behind the caller (an API key: modules/api/api-key-auth.ts). */
  sessionId: number;
  language: Locale;
  /** The person signed in. */
  loginUser: UserRow;
  /**
   * The user the session acts as (the login user unless switched: POST status). Never holds a
   * right the login user lacks (`loadAuth`; issue 20), so its global powers are the login user's too.
   */
  user: UserRow;
  customerId: number;
  locationId: number | null;
  /** The acting user works for the provider (global admin, or a user of the provider customer). */
  isProvider: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    db: Db;
    /**
     * The session a bearer token opens, resolved as every request's is (the session cache, then
     * the database; an unknown token counts against the address's UNKNOWN_TOKEN_LIMIT), or null.
     * For answers written before the hooks run (the envelope of transport errors,
     * plugins/error-envelope.ts). Throws RATE_LIMITED for an address over that limit.
     */
    authOfToken(request: FastifyRequest, token: string | null): Promise<AuthContext | null>;
    /**
     * Drops every session this process keeps in its cache, so a session revoked by a
     * password change (modules/accounts/revoke-sessions.ts) is refused at once; other
     * processes hear of it through the revoking transaction's NOTIFY (modules/caching/notify.ts).
     */
    forgetCachedSessions(): void;
  }
}

/** SHA-256 (hex) of a bearer token: what the sessions table stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const userColumns = sql`u.id, u.customer_id AS "customerId", u.location_id AS "locationId", u.name,
  u.login_name AS "loginName", u.phone, u.email, u.language, u.is_active AS "isActive",
  u.is_global_admin AS "isGlobalAdmin", u.is_customer_admin AS "isCustomerAdmin",
  u.is_return_scheme AS "isReturnScheme", u.is_support AS "isSupport", u.is_superuser AS "isSuperuser",
  u.report_level AS "reportLevel", u.finance_report AS "financeReport", u.confirmed_gdpr AS "confirmedGdpr",
  COALESCE((SELECT array_agg(t.task ORDER BY t.task) FROM user_tasks t WHERE t.user_id = u.id), '{}') AS tasks`;

/** Loads one user with its tasks, or null. */
export async function loadUser(db: Db, userId: number): Promise<UserRow | null> {
  const [user] = await rows<UserRow>(db, sql`SELECT ${userColumns} FROM users u WHERE u.id = ${userId}`);
  return user ?? null;
}

/** Loads the live session with a token, or null. */
/** Loads a live session by id (right after sign-in), or null. */
export function loadAuthBySessionId(db: Db, sessionId: number): Promise<AuthContext | null> {
  return loadAuth(db, sql`s.id = ${sessionId}`);
}

/**
 * Resolves a session. The acting user never holds a right the signed-in user lacks (issue 20):
 * POST status lets no one act as a stronger user, and a session whose acting user's rights are
 * no longer within the signed-in user's (the acting user gained a right after the switch, the
 * signed-in user lost one, or a non-global-admin acts for another customer) acts as the
 * signed-in user again, at their home location (`actingStaysWithin`, `homeLocationId`). So every
 * check of the acting user's global powers (`user.isGlobalAdmin`, `isProvider`) follows the
 * signed-in user too.
 */
async function loadAuth(db: Db, where: SQL): Promise<AuthContext | null> {
  const [session] = await rows<{
    id: number;
    loginUserId: number;
    actingUserId: number;
    actingCustomerId: number;
    actingLocationId: number | null;
    isProviderCustomer: boolean;
    loginIsProviderCustomer: boolean;
  }>(
    db,
    sql`SELECT s.id, s.login_user_id AS "loginUserId", s.acting_user_id AS "actingUserId",
          s.acting_customer_id AS "actingCustomerId", s.acting_location_id AS "actingLocationId",
          c.is_provider AS "isProviderCustomer", lc.is_provider AS "loginIsProviderCustomer"
        FROM sessions s JOIN users au ON au.id = s.acting_user_id JOIN customers c ON c.id = au.customer_id
          JOIN users lu ON lu.id = s.login_user_id JOIN customers lc ON lc.id = lu.customer_id
        WHERE ${where} AND s.revoked_at IS NULL AND s.expires_at > now() AND NOT s.is_handover`,
  );
  if (!session) return null;
  const loginUser = await loadUser(db, session.loginUserId);
  const acting = session.actingUserId === session.loginUserId ? loginUser : await loadUser(db, session.actingUserId);
  if (!loginUser || !acting || !loginUser.isActive) return null;
  const within = await actingStaysWithin(db, loginUser, acting, Number(session.actingCustomerId));
  const user = within ? acting : loginUser;
  return {
    sessionId: Number(session.id),
    language: isLocale(loginUser.language) ? loginUser.language : 'nb-NO',
    loginUser,
    user,
    customerId: within ? session.actingCustomerId : loginUser.customerId,
    locationId: within ? session.actingLocationId : await homeLocationId(db, loginUser),
    isProvider: user.isGlobalAdmin || (within ? session.isProviderCustomer : session.loginIsProviderCustomer),
  };
}

/** The bearer token of a request's Authorization header, if any (never the `auth` query parameter). */
export function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return null;
}

/*
 * Resolved sessions are cached by token hash in `app.caches.sessions` (plugins/caches.ts) for
 * AUTH_CACHE_SECONDS (default 5; 0 turns the cache off), so that a grid that pages and polls
 * does not read the session and its users on every call (issue 2, "Performance"). Any request
 * other than GET/HEAD drops its own session's entry before and after it runs, so a caller's
 * own logout, switch, language or consent change is seen at once by this process. A revoked
 * session (logout, switch, password change, deactivation, any admin change of a user) is
 * NOTIFYed to every process (modules/caching/notify.ts), which drops it at once; other changes
 * reach other processes within AUTH_CACHE_SECONDS (docs/caching.md).
 */
const readsOnly = (method: string) => method === 'GET' || method === 'HEAD';

export const authPlugin = fp(async (app: FastifyInstance) => {
  // Needs plugins/caches.ts registered before this plugin (app.ts).
  const cache = app.caches.sessions;
  // Needs @fastify/rate-limit registered before this plugin (app.ts).
  const unknownTokens = unknownTokenLimit(app);
  app.decorateRequest('auth', null);
  app.decorate('forgetCachedSessions', () => cache.clear());
  const authOfToken = async (request: FastifyRequest, token: string | null): Promise<AuthContext | null> => {
    if (!token) return null;
    const key = hashToken(token);
    if (!readsOnly(request.method)) cache.delete(key);
    const cached = readsOnly(request.method) ? cache.get(key) : undefined;
    if (cached !== undefined) return cached;
    // Taken before the read: a revocation heard meanwhile keeps the read from being cached.
    const generation = cache.generation;
    // An address that sent too many unknown tokens is refused before the database is asked.
    if (await unknownTokens.exceeded(request)) throw new AppError(AppErrorCode.RATE_LIMITED);
    // An API key (`ppk_...`) acts as its user (modules/api/api-key-auth.ts; docs/api.md).
    const auth = isApiKeyToken(token) ? await loadAuthByApiKey(app.db, token) : await loadAuth(app.db, sql`s.token_hash = ${key}`);
    // Unknown tokens are not cached, so guessing tokens cannot fill the cache; they count
    // against the address's UNKNOWN_TOKEN_LIMIT (plugins/rate-limits.ts).
    if (auth) cache.set(key, auth, generation);
    else if (await unknownTokens.count(request)) throw new AppError(AppErrorCode.RATE_LIMITED);
    return auth;
  };
  app.decorate('authOfToken', authOfToken);
  app.addHook('onRequest', async (request) => {
    request.auth = await authOfToken(request, tokenOf(request));
  });
  app.addHook('onResponse', async (request) => {
    const token = tokenOf(request);
    if (token && !readsOnly(request.method)) cache.delete(hashToken(token));
  });
});

/** The caller's session, or a 401 (UNAUTHORIZED) when there is none. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
