/**
 * The archive job (issue 10: "A case closed for 30 days is archived by a job";
 * SUPPORT_ARCHIVE_DAYS): run by the scheduler's tick in every process; each case is archived once,
 * whichever process gets it (rows claimed with FOR UPDATE SKIP LOCKED, as the scheduler's other
 * jobs do), with its history row.
 */
import { SUPPORT_ARCHIVE_DAYS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.js';

/**
 * Archives the cases Closed at least SUPPORT_ARCHIVE_DAYS days before `now` (default the
 * database's clock), in batches of `batch`, each batch one transaction.
 * @returns how many cases were archived
 */
export async function archiveClosedTickets(db: Db, options: { now?: string; batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? 200;
  let total = 0;
  for (;;) {
    const archived = await db.transaction(async (tx) => {
      const list = await rows<{ id: number }>(
        tx,
        sql`UPDATE support_tickets SET status = 'Archived', updated_at = clock_timestamp()
            WHERE id IN (SELECT id FROM support_tickets
              WHERE status = 'Closed' AND closed_at IS NOT NULL
                AND closed_at <= COALESCE(${options.now ?? null}::timestamptz, now()) - make_interval(days => ${SUPPORT_ARCHIVE_DAYS})
              ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED)
            RETURNING id`,
      );
      if (list.length) {
        await tx.execute(sql`INSERT INTO support_ticket_history (ticket_id, user_id, field, from_value, to_value, created_at)
          SELECT t.id, NULL, 'status', 'Closed', 'Archived', clock_timestamp()
          FROM unnest(${`{${list.map((r) => Number(r.id)).join(',')}}`}::int[]) AS t(id)`);
      }
      return list.length;
    });
    total += archived;
    if (archived < batch) return total;
  }
}
