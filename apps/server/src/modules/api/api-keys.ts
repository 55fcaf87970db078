/** Shared parts of the API key use cases: the row shape, its answer, and who may hold keys. */
import { type ApiKey, AppErrorCode } from '@portal/domain';
import { sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { isoInstant } from '../http.js';
import { NO_SESSION } from './api-key-auth.js';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date | string;
  expiresAt: Date | string;
  lastUsedAt: Date | string | null;
  revokedAt: Date | string | null;
}

/** The columns of an ApiKeyRow (table alias `k`). */
export const apiKeyColumns = sql`k.id, k.name, k.prefix, k.created_at AS "createdAt", k.expires_at AS "expiresAt",
  k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"`;

/**
 * A stored key as the API answers it. The stored `expires_at` is the instant the key stops
 * (00:00 UTC after its last day); `expiresAt` of the answer is that last day.
 */
export function toApiKey(row: ApiKeyRow, now = Date.now()): ApiKey {
  const expires = new Date(row.expiresAt);
  const lastDay = new Date(expires.getTime() - 1).toISOString().slice(0, 10);
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    createdAt: isoInstant(row.createdAt) ?? '',
    expiresAt: lastDay,
    lastUsedAt: isoInstant(row.lastUsedAt),
    revokedAt: isoInstant(row.revokedAt),
    state: row.revokedAt !== null ? 'revoked' : expires.getTime() <= now ? 'expired' : 'active',
  };
}

/**
 * Keys belong to the person signed in (the login user). Making one needs a real sign-in as
 * oneself: not an API key (a leaked key must not mint keys that outlive its revocation), and
 * not while acting as another user (the key would not act as the one the screen shows).
 * Errors: FORBIDDEN (403).
 */
export function requireOwnSession(auth: AuthContext): void {
  if (auth.sessionId === NO_SESSION || auth.user.id !== auth.loginUser.id)
    throw new AppError(AppErrorCode.FORBIDDEN, {}, { authorization: 'api.ownSignInOnly' });
}
