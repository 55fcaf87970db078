/**
 * Runs the scheduled-order job (and the automatic commit of orders/auto-commit.ts, the
 * sign-in clean-up of auth/cleanup.ts, the log retention of global/delete-old-log.ts, the monthly invoicing of invoices/invoicing-job.ts and the
 * statements mailed on each customer's schedule of statements/mail-statements.ts, the
 * archiving of closed support cases of support/archive-closed-tickets.ts, the rate limits' ended windows of plugins/rate-limit-store.ts, the pallet receipts made final after their
 * reception days of pallet-receipts/finalize-due-receipts.ts and their notices left undone of pallet-receipts/receipt-notices.ts, the disputes accepted by silence of disputes/accept-silent-disputes.ts) at start and then every SCHEDULER_MINUTES (default 5) in
 * each server process. The timer only wakes the job; exactly-once comes from the database
 * (materialize-due-orders.ts: a row lock per schedule with SKIP LOCKED and a unique index),
 * so any number of processes may run it (architecture.md, "Beyond one machine").
 * SCHEDULER=false turns it off in a process (e.g. on read-only replicas of the web tier).
 */
import { EVENT_RETENTION_DAYS_DEFAULT } from '@portal/domain';
import { readEventRetentionDays, readLogRetentionDays, readPublicUrl } from '../../config.js';
import { type Db, sql } from '../../db/client.js';
import type { PortalMetrics } from '../../plugins/metrics.js';
import { deleteEndedRateLimitWindows } from '../../plugins/rate-limit-store.js';
import { deleteExpiredSignIns } from '../auth/cleanup.js';
import { acceptSilentDisputes } from '../disputes/accept-silent-disputes.js';
import { deleteOldLogRows } from '../global/delete-old-log.js';
import { deleteOldEvents } from '../integrations/delete-old-events.js';
import { runInvoicing } from '../invoices/invoicing-job.js';
import { autoCommitDue } from '../orders/auto-commit.js';
import { finalizeDueReceipts } from '../pallet-receipts/finalize-due-receipts.js';
import { sendPendingReceiptNotices } from '../pallet-receipts/receipt-notices.js';
import { mailDueStatements } from '../statements/mail-statements.js';
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
  /** Days an integration event stays in the feed (EVENT_RETENTION_DAYS, default 90). */
  eventRetentionDays?: number;
  /** The portal's address (PUBLIC_URL): the links in the pallet receipts' mails the job sends. */
  publicUrl?: string;
}

/** The scheduler's settings from the environment: SCHEDULER (default on), SCHEDULER_MINUTES (default 5), LOG_RETENTION_DAYS and EVENT_RETENTION_DAYS (default 90 each). */
export function readSchedulerConfig(env: NodeJS.ProcessEnv = process.env): SchedulerConfig {
  const minutes = Number(env.SCHEDULER_MINUTES ?? 5);
  return {
    enabled: env.SCHEDULER !== 'false',
    intervalMinutes: Number.isFinite(minutes) && minutes > 0 ? minutes : 5,
    logRetentionDays: readLogRetentionDays(env.LOG_RETENTION_DAYS),
    eventRetentionDays: readEventRetentionDays(env.EVENT_RETENTION_DAYS),
    publicUrl: readPublicUrl(env),
  };
}

/** One job of the scheduler's tick: its name (the metrics' `job` label), its work, what to log. */
interface Job {
  name: string;
  run: () => Promise<unknown>;
  /** The line to log for a run's result, or null for nothing worth a line. */
  report: (result: never) => string | null;
  /** The log line of a failure. */
  failure: string;
}

/** The jobs of one tick, in order (see the file comment). */
function schedulerJobs(db: Db, config: SchedulerConfig): Job[] {
  return [
    {
      name: 'scheduled-orders',
      run: () => materializeDueOrders(db),
      report: (r: Awaited<ReturnType<typeof materializeDueOrders>>) =>
        r.created || r.skipped || r.failed ? `Scheduled orders: ${r.created} created, ${r.skipped} skipped, ${r.failed} failed` : null,
      failure: 'Scheduled orders job failed',
    },
    // Commits orders whose reception or return days ran out (orders/auto-commit.ts).
    {
      name: 'auto-commit',
      run: () => autoCommitDue(db),
      report: (r: Awaited<ReturnType<typeof autoCommitDue>>) =>
        r && (r.fromWaitForConfirmation || r.fromWaitForAccept)
          ? `Auto commit: ${r.fromWaitForConfirmation} from waiting for confirmation, ${r.fromWaitForAccept} from waiting for acceptance`
          : null,
      failure: 'Auto commit job failed',
    },
    // Makes open pallet receipts final whose reception days ran out (pallet-receipts/finalize-due-receipts.ts).
    {
      name: 'pallet-receipts-final',
      run: () => finalizeDueReceipts(db),
      report: (n: number) => (n ? `Pallet receipts: ${n} made final after their reception days` : null),
      failure: 'Pallet receipt job failed',
    },
    // Accepts disputes whose waited-for party let its deadline pass (disputes/accept-silent-disputes.ts).
    {
      name: 'disputes-silence',
      run: () => acceptSilentDisputes(db),
      report: (n: number) => (n ? `Disputes: ${n} accepted after their answer deadline` : null),
      failure: 'Dispute deadline job failed',
    },
    // Sends the mails and alerts of receipts whose own request did not (pallet-receipts/receipt-notices.ts).
    {
      name: 'pallet-receipt-notices',
      run: async () => (config.publicUrl ? sendPendingReceiptNotices(db, config.publicUrl) : 0),
      report: (n: number) => (n ? `Pallet receipts: notices of ${n} sent by the job` : null),
      failure: 'Pallet receipt notices failed',
    },
    // Deletes expired sessions and old failed sign-in rows (auth/cleanup.ts).
    {
      name: 'sign-in-cleanup',
      run: () => deleteExpiredSignIns(db),
      report: (r: Awaited<ReturnType<typeof deleteExpiredSignIns>>) =>
        r && (r.sessions || r.throttleRows || r.rememberedRows)
          ? `Sign-in clean-up: ${r.sessions} sessions, ${r.throttleRows} throttle rows, ${r.rememberedRows} known addresses and device marks deleted`
          : null,
      failure: 'Sign-in clean-up failed',
    },
    // Deletes the rate limits' counters whose window has ended (plugins/rate-limit-store.ts).
    {
      name: 'rate-limit-cleanup',
      run: () => deleteEndedRateLimitWindows(db),
      report: () => null,
      failure: 'Rate limit clean-up failed',
    },
    // Deletes log rows past their retention (global/delete-old-log.ts).
    {
      name: 'log-retention',
      run: () => deleteOldLogRows(db, config.logRetentionDays ?? 90),
      report: (n: number) => (n ? `Log retention: ${n} rows deleted` : null),
      failure: 'Log retention failed',
    },
    // Deletes integration events past their retention (integrations/delete-old-events.ts).
    {
      name: 'event-retention',
      run: () => deleteOldEvents(db, config.eventRetentionDays ?? EVENT_RETENTION_DAYS_DEFAULT),
      report: (n: number) => (n ? `Event retention: ${n} events deleted` : null),
      failure: 'Event retention failed',
    },
    // Invoices the months that are due and not yet invoiced (invoices/invoicing-job.ts).
    {
      name: 'invoicing',
      run: () => runInvoicing(db),
      report: (r: Awaited<ReturnType<typeof runInvoicing>>) =>
        r && (r.invoices || r.failed) ? `Invoicing: ${r.invoices} invoices made, ${r.failed} customers failed` : null,
      failure: 'Invoicing job failed',
    },
    // Mails the statements of the periods that have ended (statements/mail-statements.ts).
    {
      name: 'statements',
      run: () => mailDueStatements(db),
      report: (n: number) => (n ? `Statements: ${n} mailed` : null),
      failure: 'Statement job failed',
    },
    // Archives support cases closed for 30 days (support/archive-closed-tickets.ts).
    {
      name: 'support-archive',
      run: () => archiveClosedTickets(db),
      report: (archived: number) => (archived ? `Support: ${archived} closed cases archived` : null),
      failure: 'Support archive job failed',
    },
    // Records the run for Controls (modules/controls).
    { name: 'record-run', run: () => recordSchedulerRun(db), report: () => null, failure: 'Recording the scheduler run failed' },
  ];
}

/**
 * Starts the job: one run now, then one every interval (never two at once in one process).
 * The timer is unref'd so it never keeps the process alive. Each job's failure is logged and
 * the next job runs. `metrics`: counts each job's runs, failures and duration (plugins/metrics.ts).
 * Answers a stop function that starts no further run and waits for a run in progress
 * (SIGTERM: main.ts).
 */
export function startScheduler(
  db: Db,
  config: SchedulerConfig,
  logger: Pick<Console, 'log' | 'error'> = console,
  metrics?: Pick<PortalMetrics, 'jobRuns' | 'jobDuration'>,
): () => Promise<void> {
  if (!config.enabled) return async () => {};
  let running: Promise<void> | null = null;
  let stopped = false;
  const jobs = schedulerJobs(db, config);
  const tick = async () => {
    for (const job of jobs) {
      const stopTimer = metrics?.jobDuration.startTimer({ job: job.name });
      try {
        const line = job.report((await job.run()) as never);
        if (line) logger.log(line);
        metrics?.jobRuns.inc({ job: job.name, outcome: 'ok' });
      } catch (error) {
        logger.error(job.failure, error);
        metrics?.jobRuns.inc({ job: job.name, outcome: 'failed' });
      } finally {
        stopTimer?.();
      }
    }
  };
  const run = () => {
    if (running || stopped) return;
    running = tick().finally(() => {
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
