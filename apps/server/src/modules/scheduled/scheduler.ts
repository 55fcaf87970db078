/**
 * Runs the scheduled-order job (and the automatic commit of orders/auto-commit.ts, the
 * sign-in clean-up of auth/cleanup.ts, the log retention of global/delete-old-log.ts, the monthly invoicing of invoices/invoicing-job.ts and the
 * archiving of closed support cases of support/archive-closed-tickets.ts, the pallet receipts made final after their
 * reception days of pallet-receipts/finalize-due-receipts.ts and their notices left undone of pallet-receipts/receipt-notices.ts) at start and then every SCHEDULER_MINUTES (default 5) in
 * each server process. The timer only wakes the job; exactly-once comes from the database
 * (materialize-due-orders.ts: a row lock per schedule with SKIP LOCKED and a unique index),
 * so any number of processes may run it (architecture.md, "Beyond one machine").
 * SCHEDULER=false turns it off in a process (e.g. on read-only replicas of the web tier).
 */
import { readLogRetentionDays, readPublicUrl } from '../../config.js';
import { type Db, sql } from '../../db/client.js';
import { deleteExpiredSignIns } from '../auth/cleanup.js';
import { deleteOldLogRows } from '../global/delete-old-log.js';
import { runInvoicing } from '../invoices/invoicing-job.js';
import { autoCommitDue } from '../orders/auto-commit.js';
import { finalizeDueReceipts } from '../pallet-receipts/finalize-due-receipts.js';
import { sendPendingReceiptNotices } from '../pallet-receipts/receipt-notices.js';
import { archiveClosedTickets } from '../support/archive-closed-tickets.js';
import { materializeDueOrders } from './materialize-due-orders.js';

/** The app_meta key holding when a process last finished a run of the jobs (ISO instant; Controls shows it). */
export const SCHEDULER_LAST_RUN_KEY = 'schedulerLastRunAt';

/** Records that a run of the jobs finished now (the latest of all processes wins). */
export async function recordSchedulerRun(db: Db, at = new Date()): Promise<void> {
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${SCHEDULER_LAST_RUN_KEY}, ${at.toISOString()})
    ON CONFLICT (key) DO UPDATE SET value = GREATEST(app_meta.value, excluded.value)`);
}

export interface SchedulerConfig {
  enabled: boolean;
  /** Minutes between runs. */
  intervalMinutes: number;
  /** Days the application log keeps a row (LOG_RETENTION_DAYS, default 90). */
  logRetentionDays?: number;
  /** The portal's address (PUBLIC_URL): the links in the pallet receipts' mails the job sends. */
  publicUrl?: string;
}

/** The scheduler's settings from the environment: SCHEDULER (default on), SCHEDULER_MINUTES (default 5), LOG_RETENTION_DAYS (default 90). */
export function readSchedulerConfig(env: NodeJS.ProcessEnv = process.env): SchedulerConfig {
  const minutes = Number(env.SCHEDULER_MINUTES ?? 5);
  return {
    enabled: env.SCHEDULER !== 'false',
    intervalMinutes: Number.isFinite(minutes) && minutes > 0 ? minutes : 5,
    logRetentionDays: readLogRetentionDays(env.LOG_RETENTION_DAYS),
    publicUrl: readPublicUrl(env),
  };
}

/**
 * Starts the job: one run now, then one every interval (never two at once in one process).
 * The timer is unref'd so it never keeps the process alive. Answers a stop function that
 * waits for a run in progress.
 */
export function startScheduler(db: Db, config: SchedulerConfig, logger: Pick<Console, 'log' | 'error'> = console): () => Promise<void> {
  if (!config.enabled) return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = materializeDueOrders(db)
      .then((r) => {
        if (r.created || r.skipped || r.failed)
          logger.log(`Scheduled orders: ${r.created} created, ${r.skipped} skipped, ${r.failed} failed`);
      })
      .catch((error) => logger.error('Scheduled orders job failed', error))
      // The same tick commits orders whose reception or return days ran out (orders/auto-commit.ts).
      .then(() => autoCommitDue(db))
      .then((r) => {
        if (r && (r.fromWaitForConfirmation || r.fromWaitForAccept)) {
          logger.log(
            `Auto commit: ${r.fromWaitForConfirmation} from waiting for confirmation, ${r.fromWaitForAccept} from waiting for acceptance`,
          );
        }
      })
      .catch((error) => logger.error('Auto commit job failed', error))
      // And makes open pallet receipts final whose reception days ran out (pallet-receipts/finalize-due-receipts.ts).
      .then(() => finalizeDueReceipts(db))
      .then((n) => {
        if (n) logger.log(`Pallet receipts: ${n} made final after their reception days`);
      })
      .catch((error) => logger.error('Pallet receipt job failed', error))
      // And sends the mails and alerts of receipts whose own request did not (pallet-receipts/receipt-notices.ts).
      .then(() => (config.publicUrl ? sendPendingReceiptNotices(db, config.publicUrl) : 0))
      .then((n) => {
        if (n) logger.log(`Pallet receipts: notices of ${n} sent by the job`);
      })
      .catch((error) => logger.error('Pallet receipt notices failed', error))
      // And deletes expired sessions and old failed sign-in rows (auth/cleanup.ts).
      .then(() => deleteExpiredSignIns(db))
      .then((r) => {
        if (r && (r.sessions || r.throttleRows || r.rememberedRows))
          logger.log(
            `Sign-in clean-up: ${r.sessions} sessions, ${r.throttleRows} throttle rows, ${r.rememberedRows} known addresses and device marks deleted`,
          );
      })
      .catch((error) => logger.error('Sign-in clean-up failed', error))
      // And deletes log rows past their retention (global/delete-old-log.ts).
      .then(() => deleteOldLogRows(db, config.logRetentionDays ?? 90))
      .then((n) => {
        if (n) logger.log(`Log retention: ${n} rows deleted`);
      })
      .catch((error) => logger.error('Log retention failed', error))
      // And invoices the months that are due and not yet invoiced (invoices/invoicing-job.ts).
      .then(() => runInvoicing(db))
      .then((r) => {
        if (r && (r.invoices || r.failed)) logger.log(`Invoicing: ${r.invoices} invoices made, ${r.failed} customers failed`);
      })
      .catch((error) => logger.error('Invoicing job failed', error))
      // And archives support cases closed for 30 days (support/archive-closed-tickets.ts).
      .then(() => archiveClosedTickets(db))
      .then((archived) => {
        if (archived) logger.log(`Support: ${archived} closed cases archived`);
      })
      .catch((error) => logger.error('Support archive job failed', error))
      // And records the run for Controls (modules/controls).
      .then(() => recordSchedulerRun(db))
      .catch((error) => logger.error('Recording the scheduler run failed', error))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, config.intervalMinutes * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
