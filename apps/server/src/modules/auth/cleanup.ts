/**
 * Deletes what sign-in leaves behind once it is of no use (docs/domain.md, "Sign-in"; OWASP
 * ASVS 4.0.3 V3.3.1, a session ends for good when it expires or is signed out): sessions that
 * expired or were revoked (sign-out, spent hand-over tokens), throttle rows whose window
 * has passed (throttle.ts: a new attempt would start those counters again anyway), and known
 * addresses and device marks past their days (remembered-sign-ins.ts: they trust nothing more).
 *
 * Runs with the scheduler's tick (modules/scheduled/scheduler.ts) in every process: each
 * DELETE skips rows another transaction holds (SKIP LOCKED) and re-checks its condition on the
 * newest row version, so processes running it at once delete each row once and never a row
 * that a sign-in just used.
 */
import type { SQL } from 'drizzle-orm';
import { type Db, rows, sql } from '../../db/client.js';
import { DEVICE_MARK_DAYS, KNOWN_ADDRESS_DAYS } from './remembered-sign-ins.js';
import { DELAY_WINDOW_MINUTES, LOCK_MINUTES, TRUSTED_WINDOW_MINUTES } from './throttle.js';

/** What one run deleted. */
export interface SignInCleanup {
  sessions: number;
  throttleRows: number;
  /** Known addresses and device marks past their days. */
  rememberedRows: number;
}

/**
 * Deletes the rows of `table` that meet `condition`, skipping rows another transaction holds and
 * checking the condition again on the newest row version; answers how many it deleted. `key` is
 * the table's key columns (a trusted list of ours, never input).
 */
async function deleteRows(db: Db, table: string, key: string, condition: SQL): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM ${sql.raw(table)} WHERE (${sql.raw(key)}) IN (
        SELECT ${sql.raw(key)} FROM ${sql.raw(table)} WHERE ${condition} FOR UPDATE SKIP LOCKED)
      AND ${condition}
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return Number(row?.n ?? 0);
}

/** `column` is at least `amount` of `unit` (mins, days) in the past. */
const olderThan = (column: string, amount: number, unit: 'mins' | 'days') =>
  sql`${sql.raw(column)} <= now() - make_interval(${sql.raw(unit)} => ${amount})`;

/** One run of the clean-up; answers the number of rows deleted. */
export async function deleteExpiredSignIns(db: Db): Promise<SignInCleanup> {
  const sessions = await deleteRows(db, 'sessions', 'id', sql`expires_at <= now() OR revoked_at IS NOT NULL`);
  const pairs = await deleteRows(
    db,
    'login_throttle',
    'login_name, address',
    sql`${olderThan('last_failure_at', LOCK_MINUTES, 'mins')} AND (locked_until IS NULL OR locked_until <= now())`,
  );
  const names = await deleteRows(
    db,
    'login_delay',
    'login_name',
    sql`${olderThan('last_attempt_at', DELAY_WINDOW_MINUTES, 'mins')} AND next_attempt_at <= now()`,
  );
  const trusted = await deleteRows(db, 'login_trusted', 'login_name', olderThan('window_start', TRUSTED_WINDOW_MINUTES, 'mins'));
  const addresses = await deleteRows(
    db,
    'login_addresses',
    'user_id, address_hash',
    olderThan('last_success_at', KNOWN_ADDRESS_DAYS, 'days'),
  );
  const devices = await deleteRows(db, 'login_devices', 'id', olderThan('last_used_at', DEVICE_MARK_DAYS, 'days'));
  return { sessions, throttleRows: pairs + names + trusted, rememberedRows: addresses + devices };
}
