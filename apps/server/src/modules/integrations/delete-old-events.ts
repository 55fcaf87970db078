/**
 * Retention of the integration events (issue 23; docs/integrations.md, "The feed"): events older
 * than EVENT_RETENTION_DAYS (default 90) leave the feed, deleted by the scheduler's tick in every
 * process, a batch at a time; SKIP LOCKED lets processes running it at once delete each event once
 * without waiting on each other.
 */
import { type Db, rows, sql } from '../../db/client.js';

/** Deletes up to 10,000 events that occurred more than `days` days ago; answers how many. */
export async function deleteOldEvents(db: Db, days: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`WITH gone AS (
      DELETE FROM integration_events WHERE id IN (
        SELECT id FROM integration_events WHERE occurred_at < now() - make_interval(days => ${days}) LIMIT 10000 FOR UPDATE SKIP LOCKED)
      RETURNING 1)
    SELECT count(*)::int AS n FROM gone`,
  );
  return Number(row?.n ?? 0);
}
