/**
 * The log rows of failed sign-ins (kind signInFailed; docs/global.md, "Log"), written in
 * batches: a refused password adds its row to a per-database queue, written by one multi-row
 * INSERT within FLUSH_MS, or at once when GET Log reads the log in this process. A flood of
 * wrong passwords so costs the database one write a second, not one per guess, and does not
 * slow the throttle's claims of the guesses still arriving (modules/auth/throttle.ts). A process
 * that closes writes its queue first (modules/auth/routes.ts, onClose); one that dies loses at
 * most the last second's rows.
 */
import { type Db, sql } from '../../db/client.js';
import { type LogEntry, logValues } from './write-log.js';

/** How long a failed sign-in's row may wait for its batch (ms). */
export const FLUSH_MS = 1_000;
/** Rows written at once; a longer queue is written in several batches. */
const BATCH = 500;

interface Queue {
  rows: LogEntry[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void>;
}

const queues = new WeakMap<Db, Queue>();

/** Queues the row of a failed sign-in; it is written within FLUSH_MS. */
export function queueFailedSignIn(db: Db, entry: LogEntry): void {
  let queue = queues.get(db);
  if (!queue) {
    queue = { rows: [], timer: null, writing: Promise.resolve() };
    queues.set(db, queue);
  }
  queue.rows.push(entry);
  if (!queue.timer) {
    queue.timer = setTimeout(() => void flushFailedSignIns(db), FLUSH_MS);
    queue.timer.unref();
  }
}

/** Writes the queued rows of `db` now (GET Log calls it first, so the reader sees every row of this process). */
export async function flushFailedSignIns(db: Db): Promise<void> {
  const queue = queues.get(db);
  if (!queue) return;
  if (queue.timer) clearTimeout(queue.timer);
  queue.timer = null;
  const batch = queue.rows.splice(0, queue.rows.length);
  queue.writing = queue.writing.then(async () => {
    for (let i = 0; i < batch.length; i += BATCH) {
      const values = batch.slice(i, i + BATCH).map((entry) => sql`(${logValues(entry)})`);
      await db
        .execute(
          sql`INSERT INTO app_log (level, kind, message, user_id, login_user_id, customer_id, request_id, ip, data, before, after)
              VALUES ${sql.join(values, sql`, `)}`,
        )
        .catch((error) => console.error('Could not write the log rows of failed sign-ins', error));
    }
  });
  await queue.writing;
}
