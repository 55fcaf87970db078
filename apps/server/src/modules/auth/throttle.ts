/**
 * Sign-in throttling (docs/domain.md, "Sign-in"; OWASP ASVS 4.0.3 V2.2.1: anti-automation
 * against brute force and account lockout, at most 100 failed attempts per hour on one account).
 *
 * The limits are claimed in one atomic statement before the password is checked, so that
 * parallel guesses cannot slip past them (a claim that later succeeds is given back):
 * - per user name AND client address (hard): LOCK_AFTER attempts without success within
 *   LOCK_MINUTES lock that pair for LOCK_MINUTES (429 LOGIN_LOCKED). Another address is not
 *   locked, so an attacker elsewhere cannot lock a user out.
 * - per user name from any address (growing delays), for a sign-in from an unknown device and
 *   address: the first FREE_ATTEMPTS attempts within DELAY_WINDOW_MINUTES go at once; after that
 *   each attempt is checked no earlier than the previous one's slot plus a delay that starts at
 *   250 ms and grows by √2 per attempt up to 60 s. The server holds an attempt whose slot is at
 *   most MAX_WAIT_MS (a minute, the longest delay) away and refuses one further out (429
 *   RATE_LIMITED, nothing checked). This bounds guessing from many addresses to about 77
 *   attempts per hour per user name, and a user on a new device waits a minute at most while an
 *   attacker guesses once a minute (issue 20).
 * - per user name, for a trusted sign-in (remembered-sign-ins.ts: from an address where the user
 *   signed in before, or with a valid device mark): a budget of its own, TRUSTED_ATTEMPTS
 *   attempts without success per window of TRUSTED_WINDOW_MINUTES, checked at once, so guesses
 *   from elsewhere never hold the user up (OWASP Authentication Cheat Sheet, "Account Lockout":
 *   an attacker must not be able to lock a user out). Over the budget, a trusted sign-in waits
 *   its turn like any other. At most 2 x TRUSTED_ATTEMPTS = 20 trusted guesses fall in any hour,
 *   so all paths together stay under ASVS's 100.
 *
 * Instants are the attempt's (`at`, from the sign-in's clock), not the database's: a test plays
 * minutes of an attack on a fake clock (sign-in-lockout.test.ts).
 */
import { AppErrorCode } from '@portal/domain';
import { type Db, rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** Attempts without success per user name and address within LOCK_MINUTES that lock the pair. */
export const LOCK_AFTER = 10;
/** The window of LOCK_AFTER, and how long the pair stays locked. */
export const LOCK_MINUTES = 15;
/** Attempts per user name within DELAY_WINDOW_MINUTES that are not delayed. */
export const FREE_ATTEMPTS = 3;
/** The per-name counter starts again after this long without an attempt. */
export const DELAY_WINDOW_MINUTES = 60;
/** The delay after the first delayed attempt; each further attempt's delay is √2 times longer. */
export const FIRST_DELAY_MS = 250;
/** The longest delay between two attempts for one user name. */
export const MAX_DELAY_MS = 60_000;
/**
 * The longest the server holds an attempt for its slot; a later slot is refused. As long as the
 * longest delay, so an attempt arriving while the delay is at its maximum gets the next slot (docs/domain.md: "a minute at most").
 */
export const MAX_WAIT_MS = MAX_DELAY_MS;
/** Trusted attempts without success per user name and window that are checked at once. */
export const TRUSTED_ATTEMPTS = 10;
/** The window of TRUSTED_ATTEMPTS. */
export const TRUSTED_WINDOW_MINUTES = 60;

/**
 * The delay (seconds) that the `attempts`-th attempt within the window puts before the next:
 * 0 for the first FREE_ATTEMPTS, then 0.25 s x √2^(attempts - FREE_ATTEMPTS - 1), at most 60 s.
 */
const delayAfter = (attempts: ReturnType<typeof sql>) =>
  sql`make_interval(secs => CASE WHEN ${attempts} <= ${FREE_ATTEMPTS} THEN 0
        ELSE least(${MAX_DELAY_MS / 1000}, ${FIRST_DELAY_MS / 1000} * power(2, (${attempts} - ${FREE_ATTEMPTS} - 1) / 2.0)) END)`;

/**
 * The key of a client address in the throttle: an IPv4 address as it is, an IPv4-mapped IPv6
 * address as its IPv4 address, any other IPv6 address as its /64 prefix (one subscriber's
 * network holds a whole /64, so a key per IPv6 address would give an attacker 2^64 keys).
 */
export function clientAddressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...headGroups, ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/** A claimed attempt: how long it waits for its slot, and what a success gives back. */
export interface SignInClaim {
  /** Milliseconds until the attempt's slot (0 for a trusted one). */
  waitMs: number;
  /** The budget it was taken from: `trusted`, or the user name's growing `delay`. */
  budget: 'trusted' | 'delay';
  /** The delay (ms) the attempt put before the user name's next one. */
  addedMs: number;
}

/**
 * Claims one sign-in attempt for a user name from a client address at instant `at`, in one
 * statement, before the password is checked. A `trusted` attempt (a known address or device)
 * takes the trusted budget while there is one left, else the growing delays, as any other.
 * Errors: LOGIN_LOCKED (429, `minutes` until the pair opens) when this user name is locked
 * for this address; RATE_LIMITED (429) when the user name's next slot is further than
 * MAX_WAIT_MS away. A refused attempt changes no counter.
 */
export async function claimSignInAttempt(
  db: Db,
  loginName: string,
  address: string,
  { at, trusted }: { at: Date; trusted: boolean },
): Promise<SignInClaim> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const recent = (column: ReturnType<typeof sql>, minutes: number) => sql`${column} > ${now} - make_interval(mins => ${minutes})`;
  const [claim] = await rows<{ failures: number | null; trusted: boolean | null; waitMs: number | null; addedMs: number | null }>(
    db,
    sql`WITH budget AS (
          SELECT ${trusted}::boolean AND NOT EXISTS (
            SELECT 1 FROM login_trusted b WHERE b.login_name = ${loginName}
              AND ${recent(sql`b.window_start`, TRUSTED_WINDOW_MINUTES)} AND b.attempts >= ${TRUSTED_ATTEMPTS}) AS trusted
        ),
        pair AS (
          INSERT INTO login_throttle AS t (login_name, address, failures, last_failure_at, locked_until)
          SELECT ${loginName}, ${address}, 1, ${now}, NULL
          WHERE (SELECT trusted FROM budget) OR NOT EXISTS (
            SELECT 1 FROM login_delay d WHERE d.login_name = ${loginName}
              AND ${recent(sql`d.last_attempt_at`, DELAY_WINDOW_MINUTES)}
              AND d.next_attempt_at > ${now} + make_interval(secs => ${MAX_WAIT_MS / 1000}))
          ON CONFLICT (login_name, address) DO UPDATE SET
            failures = CASE WHEN ${recent(sql`t.last_failure_at`, LOCK_MINUTES)} THEN t.failures + 1 ELSE 1 END,
            last_failure_at = ${now},
            locked_until = CASE WHEN ${recent(sql`t.last_failure_at`, LOCK_MINUTES)} AND t.failures + 1 >= ${LOCK_AFTER}
                                THEN ${now} + make_interval(mins => ${LOCK_MINUTES}) END
          WHERE t.locked_until IS NULL OR t.locked_until <= ${now}
          RETURNING t.failures
        ),
        trusted AS (
          INSERT INTO login_trusted AS b (login_name, attempts, window_start)
          SELECT ${loginName}, 1, ${now} FROM pair WHERE (SELECT trusted FROM budget)
          ON CONFLICT (login_name) DO UPDATE SET
            attempts = CASE WHEN ${recent(sql`b.window_start`, TRUSTED_WINDOW_MINUTES)} THEN b.attempts + 1 ELSE 1 END,
            window_start = CASE WHEN ${recent(sql`b.window_start`, TRUSTED_WINDOW_MINUTES)} THEN b.window_start ELSE ${now} END
          WHERE NOT ${recent(sql`b.window_start`, TRUSTED_WINDOW_MINUTES)} OR b.attempts < ${TRUSTED_ATTEMPTS}
          RETURNING 1
        ),
        delay AS (
          INSERT INTO login_delay AS d (login_name, attempts, last_attempt_at, next_attempt_at)
          SELECT ${loginName}, 1, ${now}, ${now} FROM pair WHERE NOT (SELECT trusted FROM budget)
          ON CONFLICT (login_name) DO UPDATE SET
            attempts = CASE WHEN ${recent(sql`d.last_attempt_at`, DELAY_WINDOW_MINUTES)} THEN d.attempts + 1 ELSE 1 END,
            last_attempt_at = ${now},
            next_attempt_at = CASE WHEN ${recent(sql`d.last_attempt_at`, DELAY_WINDOW_MINUTES)}
                                   THEN greatest(d.next_attempt_at, ${now}) + ${delayAfter(sql`(d.attempts + 1)`)}
                                   ELSE ${now} END
          WHERE NOT ${recent(sql`d.last_attempt_at`, DELAY_WINDOW_MINUTES)}
             OR d.next_attempt_at <= ${now} + make_interval(secs => ${MAX_WAIT_MS / 1000})
          RETURNING d.next_attempt_at - ${delayAfter(sql`d.attempts`)} AS slot, ${delayAfter(sql`d.attempts`)} AS added
        )
        SELECT (SELECT failures FROM pair) AS failures,
               EXISTS (SELECT 1 FROM trusted) AS trusted,
               (SELECT greatest(0, ceil(extract(epoch FROM slot - ${now}) * 1000))::int FROM delay) AS "waitMs",
               (SELECT round(extract(epoch FROM added) * 1000)::int FROM delay) AS "addedMs"`,
  );
  if (claim?.failures != null && claim.trusted) return { waitMs: 0, budget: 'trusted', addedMs: 0 };
  if (claim?.failures != null && claim.waitMs != null) {
    return { waitMs: Number(claim.waitMs), budget: 'delay', addedMs: Number(claim.addedMs) };
  }
  const [lock] = await rows<{ minutes: number }>(
    db,
    sql`SELECT ceil(extract(epoch FROM locked_until - ${now}) / 60)::int AS minutes FROM login_throttle
        WHERE login_name = ${loginName} AND address = ${address} AND locked_until > ${now}`,
  );
  if (lock) {
    const minutes = Math.max(1, Number(lock.minutes));
    // count picks the singular text for 1 minute (errors.LOGIN_LOCKED_one).
    throw new AppError(AppErrorCode.LOGIN_LOCKED, { minutes, count: minutes });
  }
  throw new AppError(AppErrorCode.RATE_LIMITED);
}

/**
 * After a successful sign-in (in its transaction): the pair's counter ends and the user name's
 * claim is given back, as if the attempt had not been made: its count in its budget, and on the
 * growing delays the delay it put before the next slot, so that a user's sign-in during an attack
 * does not push the attacker's next slots out of a newcomer's reach (earlier failures still count
 * for the window).
 */
export async function signInSucceeded(tx: Tx, loginName: string, address: string, claim: SignInClaim): Promise<void> {
  await tx.execute(sql`DELETE FROM login_throttle WHERE login_name = ${loginName} AND address = ${address}`);
  if (claim.budget === 'trusted') {
    await tx.execute(sql`UPDATE login_trusted SET attempts = greatest(attempts - 1, 0) WHERE login_name = ${loginName}`);
    return;
  }
  await tx.execute(sql`UPDATE login_delay SET attempts = greatest(attempts - 1, 0),
      next_attempt_at = next_attempt_at - make_interval(secs => ${claim.addedMs / 1000})
    WHERE login_name = ${loginName}`);
}
