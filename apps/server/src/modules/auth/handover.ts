/**
 * The sign-in hand-over between sister portals (spec section 7: "The token is stored locally
 * and may arrive via an auth query parameter"; docs/domain.md, "Sign-in").
 *
 * A token that travels in an address bar ends up in browser history, proxy logs and Referer
 * headers, so it must not be a session's bearer token (OWASP ASVS 4.0.3 V3.1.1, no session
 * tokens in URLs): the sending portal asks for a hand-over token (POST HandoverToken: good for
 * HANDOVER_SECONDS, for nothing but the exchange), puts it in `?auth=`, and the receiving web
 * app exchanges it at once (POST LoginHandover) for a fresh session token of its own. The
 * exchange spends the token it gets (ASVS V3.2.1, a new token at authentication), also a full
 * session token that an older sister portal put in the parameter.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { unauthorized } from '../../errors.js';
import { type AuthContext, hashToken } from '../../plugins/auth.js';

/** How long a hand-over token may wait for its exchange. */
export const HANDOVER_SECONDS = 120;

/**
 * POST HandoverToken: a one-time token for handing the caller's sign-in (login user, acting
 * user, customer and location) to a sister portal in its `auth` query parameter.
 * @returns the token and its expiry (ISO instant, HANDOVER_SECONDS from now)
 */
export async function createHandoverToken(db: Db, auth: AuthContext): Promise<{ auth: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + HANDOVER_SECONDS * 1000);
  await db.execute(sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at, is_handover)
    SELECT ${hashToken(token)}, login_user_id, acting_user_id, acting_customer_id, acting_location_id, ${expiresAt.toISOString()}, true
    FROM sessions WHERE id = ${auth.sessionId}`);
  return { auth: token, expiresAt: expiresAt.toISOString() };
}

/**
 * POST LoginHandover: spends the token that came in the `auth` query parameter (a hand-over
 * token, or a live session token of an older sister portal) and opens a fresh session for the
 * same login user, acting user, customer and location, with the full SESSION_HOURS lifetime.
 * The spend is one conditional UPDATE, so two exchanges of one token cannot both succeed.
 * Errors: UNAUTHORIZED (401) for an unknown, spent, expired or revoked token, or a login user
 * who may no longer sign in.
 * @returns the new token, its expiry (ISO instant) and the new session's id
 */
export async function exchangeHandoverToken(
  db: Db,
  config: Config,
  handoverToken: string,
): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionHours * 3_600_000);
  const sessionId = await db.transaction(async (tx) => {
    const [spent] = await rows<{ id: number }>(
      tx,
      sql`UPDATE sessions s SET revoked_at = now()
          FROM users u
          WHERE s.token_hash = ${hashToken(handoverToken)} AND s.revoked_at IS NULL AND s.expires_at > now()
            AND u.id = s.login_user_id AND u.is_active
          RETURNING s.id`,
    );
    if (!spent) return null;
    const [session] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at)
          SELECT ${hashToken(token)}, login_user_id, acting_user_id, acting_customer_id, acting_location_id, ${expiresAt.toISOString()}
          FROM sessions WHERE id = ${spent.id}
          RETURNING id`,
    );
    return Number(session?.id);
  });
  if (!sessionId) throw unauthorized();
  return { token, expiresAt: expiresAt.toISOString(), sessionId };
}
