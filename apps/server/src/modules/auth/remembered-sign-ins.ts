/**
 * Known addresses and remembered devices (docs/domain.md, "Sign-in"; issue 20; OWASP
 * Authentication Cheat Sheet, "Account Lockout", and its "device cookies"): a sign-in from an
 * address where the user signed in before, or with the device mark the portal gave the browser
 * at an earlier sign-in, is trusted: the throttle checks it on a budget of its own
 * (throttle.ts), so guesses for the user name from elsewhere do not hold the user up.
 *
 * - Known addresses: after each successful sign-in the address's throttle key (an IPv4
 *   address, or an IPv6 /64) is remembered for the user for KNOWN_ADDRESS_DAYS from then. Only
 *   a SHA-256 of the user's id and the key is stored: a pseudonym that keeps addresses out of
 *   plain reading and apart between users, not a secret (an IPv4 address can be found again by
 *   trying them all).
 * - Device marks: each successful sign-in answers a new random 256-bit mark (`deviceMark`),
 *   which the web app keeps in local storage for that user name and sends with the next sign-in.
 *   A mark is good for that user within DEVICE_MARK_DAYS of its last use, and once: the sign-in
 *   it comes with replaces it with a new one. Only its SHA-256 is stored; a user keeps the
 *   newest DEVICE_MARKS_PER_USER.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { hashToken } from '../../plugins/auth.js';

/** Days an address stays known after the user's last successful sign-in from it. */
export const KNOWN_ADDRESS_DAYS = 90;
/** Days a device mark stays good after it was given. */
export const DEVICE_MARK_DAYS = 90;
/** Device marks kept per user (the newest); a sign-in on yet another device drops the oldest. */
export const DEVICE_MARKS_PER_USER = 10;

/** The stored form of a user's address key: SHA-256 (hex) of `<userId>:<key>`. */
export function addressHash(userId: number, address: string): string {
  return createHash('sha256').update(`${userId}:${address}`).digest('hex');
}

/**
 * Whether a sign-in of `userId` from `address` (its throttle key) with `deviceMark` (if any) at
 * instant `at` is trusted: the address had a successful sign-in of the user within
 * KNOWN_ADDRESS_DAYS, or the mark is one of the user's, given within DEVICE_MARK_DAYS.
 */
export async function isTrustedSignIn(db: Db, userId: number, address: string, deviceMark: string | undefined, at: Date): Promise<boolean> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const [row] = await rows<{ trusted: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM login_addresses WHERE user_id = ${userId} AND address_hash = ${addressHash(userId, address)}
              AND last_success_at > ${now} - make_interval(days => ${KNOWN_ADDRESS_DAYS}))
            OR EXISTS (SELECT 1 FROM login_devices WHERE user_id = ${userId} AND mark_hash = ${deviceMark ? hashToken(deviceMark) : ''}
              AND last_used_at > ${now} - make_interval(days => ${DEVICE_MARK_DAYS})) AS trusted`,
  );
  return !!row?.trusted;
}

/**
 * After a successful sign-in (in its transaction): remembers the address for the user from `at`,
 * replaces the mark the sign-in came with (when it was the user's) by a new one or adds one, and
 * drops the user's marks beyond the newest DEVICE_MARKS_PER_USER.
 * @returns the new device mark (43 characters, base64url), for the answer of POST Login
 */
export async function rememberSignIn(tx: Tx, userId: number, address: string, deviceMark: string | undefined, at: Date): Promise<string> {
  const now = sql`${at.toISOString()}::timestamptz`;
  await tx.execute(sql`INSERT INTO login_addresses (user_id, address_hash, last_success_at)
    VALUES (${userId}, ${addressHash(userId, address)}, ${now})
    ON CONFLICT (user_id, address_hash) DO UPDATE SET last_success_at = greatest(login_addresses.last_success_at, EXCLUDED.last_success_at)`);
  const mark = randomBytes(32).toString('base64url');
  const replaced = deviceMark
    ? await rows<{ id: number }>(
        tx,
        sql`UPDATE login_devices SET mark_hash = ${hashToken(mark)}, last_used_at = ${now}
            WHERE user_id = ${userId} AND mark_hash = ${hashToken(deviceMark)} RETURNING id`,
      )
    : [];
  if (replaced.length === 0) {
    await tx.execute(sql`INSERT INTO login_devices (user_id, mark_hash, last_used_at) VALUES (${userId}, ${hashToken(mark)}, ${now})`);
  }
  await tx.execute(sql`DELETE FROM login_devices WHERE user_id = ${userId} AND id NOT IN (
      SELECT id FROM login_devices WHERE user_id = ${userId} ORDER BY last_used_at DESC, id DESC LIMIT ${DEVICE_MARKS_PER_USER})`);
  return mark;
}
