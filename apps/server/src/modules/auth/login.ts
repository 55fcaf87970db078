/**
 * POST Login: checks the password, throttles guessing (throttle.ts: per user name and client
 * address hard, per user name with growing delays), and opens a session with a random 256-bit
 * bearer token (only its SHA-256 is stored).
 */
import { randomBytes } from 'node:crypto';
import { AppErrorCode, type LoginRequest } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { type Db, rows, sql } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { negotiateLocale } from '../../i18n.js';
import { type AuthContext, hashToken } from '../../plugins/auth.js';
import { downtimeError } from '../../plugins/downtime-gate.js';
import { notifySessions } from '../caching/notify.js';
import { activeDowntime } from '../global/current-downtime.js';
import { queueFailedSignIn } from '../global/failed-sign-ins.js';
import { writeLog } from '../global/write-log.js';
import { homeLocationId } from '../session/home-location.js';
import { verifyPassword } from './password.js';
import { isTrustedSignIn, rememberSignIn } from './remembered-sign-ins.js';
import { claimSignInAttempt, clientAddressKey, signInSucceeded } from './throttle.js';

// A fixed hash to verify against for unknown user names, so timing does not reveal them.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * The time of sign-ins: the instant an attempt arrives (the throttle counts with it, not with the
 * database's clock) and how an attempt waits for its slot. The server runs on `systemClock`; a
 * test fakes it to play minutes of an attack in a moment (sign-in-lockout.test.ts).
 */
export interface SignInClock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

/** The wall clock and real waits. */
export const systemClock: SignInClock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A session opened: its bearer token, expiry (ISO instant) and id, and the browser's new device mark. */
export interface SignedIn {
  token: string;
  expiresAt: string;
  sessionId: number;
  /** Sent back with the user's next sign-in from this browser (remembered-sign-ins.ts). */
  deviceMark: string;
}

/**
 * Signs a user in from a client address (`request.ip`), with the device mark of an earlier
 * sign-in in this browser if any (`input.deviceMark`). The attempt is claimed in the throttle
 * before the password is checked (throttle.ts): at once from an address or with a mark the user
 * signed in with before (remembered-sign-ins.ts), else in its turn, held up to a minute.
 * Errors: LOGIN_LOCKED (429) while the user name is locked for this address; RATE_LIMITED (429)
 * while the user name's next attempt is further than MAX_WAIT_MS (a minute) away; LOGIN_FAILED (401) for a wrong user name or password or
 * an inactive user; DOWNTIME (503) for a right password of anyone but a global admin while a
 * downtime window is in force (plugins/downtime-gate.ts).
 * Logged (docs/global.md, "Log"): a sign-in as signIn in its transaction; a refused one as
 * signInFailed naming the login name tried and the reason, never the password (not the
 * throttle's refusals, which check no password).
 * @returns the token, its expiry (ISO instant), the session id and the browser's new device mark
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  clientIp: string,
  request?: FastifyRequest,
  clock: SignInClock = systemClock,
): Promise<SignedIn> {
  const loginName = input.userLoginName.trim().toLowerCase();
  let userId: number | null = null;
  try {
    return await signIn(db, config, input, loginName, clientIp, request, clock, (id) => {
      userId = id;
    });
  } catch (error) {
    if (error instanceof AppError && refusals.has(error.code)) {
      // Written in a batch within a second (global/failed-sign-ins.ts): a flood of guesses neither
      // floods the database with writes nor slows the throttle's claims of the guesses still arriving.
      queueFailedSignIn(db, {
        level: 'warn',
        kind: 'signInFailed',
        message: 'Sign-in failed',
        request,
        userId,
        data: { loginName: input.userLoginName.trim().slice(0, 100), reason: error.code },
      });
    }
    throw error;
  }
}

/**
 * The refusals of a sign-in that the log records: a password checked and refused, or a right one
 * refused during downtime. The throttle's refusals (LOGIN_LOCKED, RATE_LIMITED) check nothing and
 * are not logged one by one: a flood of guesses would flood the log and, writing a row each, slow
 * the throttle's own claims (a broken database is an error, logged as such).
 */
const refusals = new Set<string>([AppErrorCode.LOGIN_FAILED, AppErrorCode.DOWNTIME]);

async function signIn(
  db: Db,
  config: Config,
  input: LoginRequest,
  loginName: string,
  clientIp: string,
  request: FastifyRequest | undefined,
  clock: SignInClock,
  found: (userId: number) => void,
): Promise<SignedIn> {
  const address = clientAddressKey(clientIp);
  const at = clock.now();
  // A known address or device of the user has a budget of its own (remembered-sign-ins.ts).
  const [named] = await rows<{ id: number }>(db, sql`SELECT id FROM users WHERE lower(login_name) = ${loginName}`);
  const trusted = !!named && (await isTrustedSignIn(db, Number(named.id), address, input.deviceMark, at));
  const claim = await claimSignInAttempt(db, loginName, address, { at, trusted });
  if (claim.waitMs > 0) await clock.sleep(claim.waitMs);

  const [user] = await rows<{
    id: number;
    passwordHash: string;
    isActive: boolean;
    isGlobalAdmin: boolean;
    customerId: number;
    locationId: number | null;
  }>(
    db,
    sql`SELECT id, password_hash AS "passwordHash", is_active AS "isActive", is_global_admin AS "isGlobalAdmin",
          customer_id AS "customerId", location_id AS "locationId" FROM users WHERE lower(login_name) = ${loginName}`,
  );
  if (user) found(Number(user.id));
  const ok = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
  // A failed attempt keeps its claim: the throttle counted it before the check.
  if (!user || !ok || !user.isActive) throw new AppError(AppErrorCode.LOGIN_FAILED);
  // During a downtime window only global admins get in (plugins/downtime-gate.ts).
  const downtime = user.isGlobalAdmin ? null : await activeDowntime(db);
  if (downtime) {
    // The language of the message the envelope writes (no session yet: Accept-Language).
    throw downtimeError(negotiateLocale(request?.headers['accept-language']), downtime.endsAt);
  }
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + config.sessionHours * 3_600_000);
  const { sessionId, deviceMark } = await db.transaction(async (tx) => {
    await signInSucceeded(tx, loginName, address, claim);
    const mark = await rememberSignIn(tx, Number(user.id), address, input.deviceMark, clock.now());
    await tx.execute(sql`UPDATE users SET last_login_at = now() WHERE id = ${user.id}`);
    const location = await homeLocationId(tx, user);
    const [session] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO sessions (token_hash, login_user_id, acting_user_id, acting_customer_id, acting_location_id, expires_at)
          VALUES (${hashToken(token)}, ${user.id}, ${user.id}, ${user.customerId}, ${location}, ${expiresAt.toISOString()})
          RETURNING id`,
    );
    await writeLog(tx, { level: 'info', kind: 'signIn', message: 'Signed in', request, userId: user.id, data: { loginName } });
    return { sessionId: Number(session?.id), deviceMark: mark };
  });
  return { token, expiresAt: expiresAt.toISOString(), sessionId, deviceMark };
}

/**
 * POST logout: revokes the session's token and logs the sign-out (kind signOut), in one
 * transaction; every server process drops it from its session cache when the transaction
 * commits (NOTIFY, modules/caching/notify.ts).
 */
export async function logout(db: Db, auth: AuthContext, request?: FastifyRequest): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${auth.sessionId} AND revoked_at IS NULL`);
    await notifySessions(tx, { sessionId: auth.sessionId });
    await writeLog(tx, { level: 'info', kind: 'signOut', message: 'Signed out', request, auth });
  });
}
