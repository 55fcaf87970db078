/**
 * The limits of POST NewCustomerRequests, counted in the database so that every server process
 * keeps one limit (issue 20, "The registration form relays attacker text to any address";
 * docs/registration.md, "Spam"), from the requests stored in new_customer_requests:
 * - REQUESTS_PER_ADDRESS per client address (`sent_from`: IPv4, or the /64 of an IPv6
 *   address, as the sign-in throttle counts) and hour;
 * - REQUESTS_PER_RECIPIENT per contact email (trimmed, in any case) and day: the
 *   confirmation goes to the address typed, which need not be the sender's, so no address gets
 *   more than a few, however many client addresses an attacker has.
 * Past either the request answers 429 RATE_LIMITED (with Retry-After) and stores and sends
 * nothing. Two requests at once for one address or recipient wait for each other (transaction
 * advisory locks, address first), so they cannot pass the limit together.
 */
import { AppErrorCode } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';

/** Requests stored per client address and hour. */
export const REQUESTS_PER_ADDRESS = { max: 10, minutes: 60 } as const;
/** Requests stored (and confirmations mailed) per contact email and day. */
export const REQUESTS_PER_RECIPIENT = { max: 3, minutes: 24 * 60 } as const;

/** The advisory lock class of these limits (any fixed number no other lock of the portal uses). */
const LOCK_CLASS = 202001;

/** The key of a contact email: trimmed, lower case. */
export const recipientKey = (email: string) => email.trim().toLowerCase();

/**
 * Checks both limits for a request from `addressKey` to `email` inside `tx`, before it is
 * stored; holds the two locks until `tx` ends.
 * @throws RATE_LIMITED (429) past either limit; `retryAfterSeconds` on the error for the header
 */
export async function checkRequestLimits(tx: Tx, addressKey: string, email: string): Promise<void> {
  const recipient = recipientKey(email);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`address:${addressKey}`}))`);
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`recipient:${recipient}`}))`);
  for (const [limit, where] of [
    [REQUESTS_PER_ADDRESS, sql`sent_from = ${addressKey}`],
    [REQUESTS_PER_RECIPIENT, sql`lower(email) = ${recipient}`],
  ] as const) {
    const [found] = await rows<{ n: number; oldest: Date | string | null }>(
      tx,
      sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM new_customer_requests
          WHERE ${where} AND created_at > now() - make_interval(mins => ${limit.minutes})`,
    );
    if (Number(found?.n ?? 0) >= limit.max) {
      const freeAt = new Date(found?.oldest ?? Date.now()).getTime() + limit.minutes * 60_000;
      throw new RequestLimitError(Math.max(1, Math.ceil((freeAt - Date.now()) / 1000)));
    }
  }
}

/** RATE_LIMITED with the seconds until the oldest counted request leaves the window. */
export class RequestLimitError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(AppErrorCode.RATE_LIMITED);
  }
}
