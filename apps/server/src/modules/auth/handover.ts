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
 *
 * A hand-over moves a sign-in, it does not renew it (issue 20: "POST LoginHandover renews a
 * live session for ever"): the hand-over token and the session exchanged for it carry the
 * first expiry of the sign-in they come from (`sessions.first_expires_at`), and the new
 * session ends at the earlier of that and SESSION_HOURS from now. Handing a sign-in back and
 * forth between portals never keeps it alive past the end of the sign-in with a password.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { unauthorized } from '../../errors.js';
import { type AuthContext, hashToken } from '../../plugins/auth.js';

/** How long a hand-over token may wait for its exchange. */
export const HANDOVER_SECONDS = 120;

/** The first expiry of the sign-in a `sessions` row comes from (see the file comment). */
const firstExpiry = sql`COALESCE(first_expires_at, expires_at)`;

/**
 * POST HandoverToken: a one-time token for handing the caller's sign-in (login user, acting
 * user, customer and location) to a sister portal in its `auth` query parameter.
 * @returns the token and its expiry (ISO instant, HANDOVER_SECONDS from now)
 */
export async function createHandoverToken(db: Db, auth: AuthContext): Promise<{ auth: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + HANDOVER_SECONDS * 1000);
  await db.execute(sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at,
      first_expires_at, is_handover)
    SELECT ${hashToken(token)}, login_user_id, acting_user_id, acting_customer_id, acting_location_id,
      LEAST(${expiresAt.toISOString()}::timestamptz, ${firstExpiry}), ${firstExpiry}, true
    FROM sessions WHERE id = ${auth.sessionId}`);
  return { auth: token, expiresAt: expiresAt.toISOString() };
}

/**
 * POST LoginHandover: spends the token that came in the `auth` query parameter (a hand-over
 * token, or a live session token of an older sister portal) and opens a fresh session for the
 * same login user, acting user, customer and location, for SESSION_HOURS but never past the
 * first expiry of the sign-in the token comes from.
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
  const fresh = new Date(Date.now() + config.sessionHours * 3_600_000).toISOString();
  const session = await db.transaction(async (tx) => {
    const [spent] = await rows<{ id: number }>(
      tx,
      sql`UPDATE sessions s SET revoked_at = now()
          FROM users u
          WHERE s.token_hash = ${hashToken(handoverToken)} AND s.revoked_at IS NULL AND s.expires_at > now()
            AND u.id = s.login_user_id AND u.is_active
          RETURNING s.id`,
    );
    if (!spent) return null;
    const [created] = await rows<{ id: number; expiresAt: Date | string }>(
      tx,
      sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at,
            first_expires_at)
          SELECT ${hashToken(token)}, login_user_id, acting_user_id, acting_customer_id, acting_location_id,
            LEAST(${fresh}::timestamptz, ${firstExpiry}), ${firstExpiry}
          FROM sessions WHERE id = ${spent.id}
          RETURNING id, expires_at AS "expiresAt"`,
    );
    return created ?? null;
  });
  if (!session) throw unauthorized();
  return { token, expiresAt: new Date(session.expiresAt).toISOString(), sessionId: Number(session.id) };
}
