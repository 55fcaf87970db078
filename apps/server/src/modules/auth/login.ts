/**
 * POST Login: checks the password, throttles guessing (throttle.ts: per user name and client
 * address hard, per user name with growing delays), and opens a session with a random 256-bit
 * bearer token (only its SHA-256 is stored).
 */
import { randomBytes } from 'node:crypto';
import { AppErrorCode, type LoginRequest } from '@portal/domain';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { hashToken } from '../../plugins/auth.js';
import { notifySessions } from '../caching/notify.js';
import { verifyPassword } from './password.js';
import { claimSignInAttempt, clientAddressKey, signInSucceeded } from './throttle.js';

// A fixed hash to verify against for unknown user names, so timing does not reveal them.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Signs a user in from a client address (`request.ip`). The attempt is claimed in the
 * throttle before the password is checked (throttle.ts). Errors: LOGIN_LOCKED (429) while
 * the user name is locked for this address; RATE_LIMITED (429) while the user name's next
 * attempt is further than 5 s away; LOGIN_FAILED (401) for a wrong user name or password or
 * an inactive user.
 * @returns the token, its expiry (ISO instant) and the session id
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  clientIp: string,
): Promise<{ token: string; expiresAt: string; sessionId: number }> {
  const loginName = input.userLoginName.trim().toLowerCase();
  const address = clientAddressKey(clientIp);
  const waitMs = await claimSignInAttempt(db, loginName, address);
  if (waitMs > 0) await sleep(waitMs);

  const [user] = await rows<{ id: number; passwordHash: string; isActive: boolean; customerId: number; locationId: number | null }>(
    db,
    sql`SELECT id, password_hash AS "passwordHash", is_active AS "isActive", customer_id AS "customerId",
          location_id AS "locationId" FROM users WHERE lower(login_name) = ${loginName}`,
  );
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  // A failed attempt keeps its claim: the throttle counted it before the check.
  if (!user || !ok || !user.isActive) throw new AppError(AppErrorCode.LOGIN_FAILED);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionHours * 3_600_000);
  const sessionId = await db.transaction(async (tx) => {
    await signInSucceeded(tx, loginName, address);
    await tx.execute(sql`UPDATE users SET last_login_at = now() WHERE id = ${user.id}`);
    const location = user.locationId ?? (await firstLocation(tx, user.id, user.customerId));
    const [session] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at)
          VALUES (${hashToken(token)}, ${user.id}, ${user.id}, ${user.customerId}, ${location}, ${expiresAt.toISOString()})
          RETURNING id`,
    );
    return Number(session?.id);
  });
  return { token, expiresAt: expiresAt.toISOString(), sessionId };
}

async function firstLocation(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  userId: number,
  customerId: number,
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    tx,
    sql`SELECT l.id FROM locations l LEFT JOIN user_locations ul ON ul.location_id = l.id AND ul.user_id = ${userId}
        WHERE l.customer_id = ${customerId} AND l.status_id IN (1, 2)
        ORDER BY ul.is_primary DESC NULLS LAST, l.is_default DESC, l.id LIMIT 1`,
  );
  return row ? Number(row.id) : null;
}

/**
 * POST logout: revokes the session's token; every server process drops it from its session
 * cache when the transaction commits (NOTIFY, modules/caching/notify.ts).
 */
export async function logout(db: Db, sessionId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId} AND revoked_at IS NULL`);
    await notifySessions(tx, { sessionId });
  });
}
