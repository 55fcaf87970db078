/**
 * API keys as bearer tokens (issue 10, "Controls and API pages"; docs/api.md): a key is
 * `ppk_` and 32 random bytes in base64url, sent as `Authorization: Bearer ppk_...`. It acts
 * as its user, with the user's own scope and tasks, at the user's own customer and default
 * location, like a fresh sign-in that never switches. Only its SHA-256 is stored (api_keys).
 */
import { randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS, isLocale } from '@portal/domain';
import { type Db, rows, sql } from '../../db/client.js';
import { type AuthContext, hashToken, loadUser } from '../../plugins/auth.js';

/**
 * The `sessionId` of an AuthContext that no session row stands behind (an API key; the
 * scheduler acting for a schedule's user uses it too). Calls that change the session itself
 * refuse it (session-only-calls.ts).
 */
export const NO_SESSION = 0;

/** Whether a bearer token is an API key (by its prefix), not a session token. */
export function isApiKeyToken(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** A new key: the token to hand out once, its SHA-256 (hex) to store, and its shown start. */
export function newApiKeyToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token), prefix: token.slice(0, API_KEY_SHOWN_CHARS) };
}

/** last_used_at is written at most this often per key, so a busy integration does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Resolves an API key to the AuthContext of its user, or null when the key is unknown,
 * revoked, past its last day, or its user is inactive (the caller answers 401). Records
 * last_used_at when the stored one is over a minute old.
 */
export async function loadAuthByApiKey(db: Db, token: string): Promise<AuthContext | null> {
  const [key] = await rows<{ id: number; userId: number; lastUsedAt: Date | string | null; locationId: number | null }>(
    db,
    sql`SELECT k.id, k.user_id AS "userId", k.last_used_at AS "lastUsedAt",
          COALESCE(u.location_id, (SELECT l.id FROM locations l LEFT JOIN user_locations ul ON ul.location_id = l.id AND ul.user_id = u.id
            WHERE l.customer_id = u.customer_id AND l.status_id IN (1, 2)
            ORDER BY ul.is_primary DESC NULLS LAST, l.is_default DESC, l.id LIMIT 1)) AS "locationId"
        FROM api_keys k JOIN users u ON u.id = k.user_id
        WHERE k.key_hash = ${hashToken(token)} AND k.revoked_at IS NULL AND k.expires_at > now() AND u.is_active`,
  );
  if (!key) return null;
  const user = await loadUser(db, Number(key.userId));
  if (!user?.isActive) return null;
  const lastUsed = key.lastUsedAt === null ? 0 : new Date(key.lastUsedAt).getTime();
  if (Date.now() - lastUsed > LAST_USED_EVERY_MS) {
    await db.execute(sql`UPDATE api_keys SET last_used_at = now() WHERE id = ${key.id}`);
  }
  const [customer] = await rows<{ isProvider: boolean }>(
    db,
    sql`SELECT is_provider AS "isProvider" FROM customers WHERE id = ${user.customerId}`,
  );
  return {
    sessionId: NO_SESSION,
    language: isLocale(user.language) ? user.language : 'nb-NO',
    loginUser: user,
    user,
    customerId: user.customerId,
    locationId: key.locationId === null ? null : Number(key.locationId),
    isProvider: user.isGlobalAdmin || !!customer?.isProvider,
  };
}
