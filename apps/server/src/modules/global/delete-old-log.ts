/**
 * Retention of the application log (docs/global.md, "Log"): rows older than LOG_RETENTION_DAYS
 * are deleted by the scheduler's tick (modules/scheduled/scheduler.ts) in every process. The
 * DELETE skips rows another transaction holds (SKIP LOCKED), so processes running it at once
 * delete each row once and never wait on each other.
 */
import { type Db, rows, sql } from '../../db/client.js';

/** Deletes log rows older than `days` days; answers how many. */
export async function deleteOldLogRows(db: Db, days: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM app_log WHERE id IN (
        SELECT id FROM app_log WHERE created_at < now() - make_interval(days => ${days}) LIMIT 10000 FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return Number(row?.n ?? 0);
}
