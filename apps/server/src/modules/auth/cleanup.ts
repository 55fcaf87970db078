/**
 * Deletes what sign-in leaves behind once it is of no use (docs/domain.md, "Sign-in"; OWASP
 * ASVS 4.0.3 V3.3.1, a session ends for good when it expires or is signed out): sessions that
 * expired or were revoked (sign-out, spent hand-over tokens), and throttle rows whose window
 * has passed (throttle.ts: a new attempt would start those counters again anyway).
 *
 * Runs with the scheduler's tick (modules/scheduled/scheduler.ts) in every process: each
 * DELETE skips rows another transaction holds (SKIP LOCKED) and re-checks its condition on the
 * newest row version, so processes running it at once delete each row once and never a row
 * that a sign-in just used.
 */
import { type Db, rows, sql } from '../../db/client.js';
import { DELAY_WINDOW_MINUTES, LOCK_MINUTES } from './throttle.js';

/** What one run deleted. */
export interface SignInCleanup {
  sessions: number;
  throttleRows: number;
}

/** One run of the clean-up; answers the number of rows deleted. */
export async function deleteExpiredSignIns(db: Db): Promise<SignInCleanup> {
  const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(db, query))[0]?.n ?? 0;
  const sessions = await count(sql`WITH gone AS (
      DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions WHERE expires_at <= now() OR revoked_at IS NOT NULL FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  const pairs = await count(sql`WITH gone AS (
      DELETE FROM login_throttle WHERE (login_name, address) IN (
        SELECT login_name, address FROM login_throttle
        WHERE last_failure_at <= now() - make_interval(mins => ${LOCK_MINUTES})
          AND (locked_until IS NULL OR locked_until <= now())
        FOR UPDATE SKIP LOCKED)
      AND last_failure_at <= now() - make_interval(mins => ${LOCK_MINUTES})
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  const names = await count(sql`WITH gone AS (
      DELETE FROM login_delay WHERE login_name IN (
        SELECT login_name FROM login_delay
        WHERE last_attempt_at <= now() - make_interval(mins => ${DELAY_WINDOW_MINUTES}) AND next_attempt_at <= now()
        FOR UPDATE SKIP LOCKED)
      AND last_attempt_at <= now() - make_interval(mins => ${DELAY_WINDOW_MINUTES})
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return { sessions: Number(sessions), throttleRows: Number(pairs) + Number(names) };
}
