/**
 * The monthly invoicing job (issue 8; docs/invoicing.md, "The invoicing job"), run from the
 * scheduler's tick in every server process. Each month from the one after the last month
 * done (`app_meta` key `invoicedThrough`; on a database without it, the last complete month)
 * to the last complete month is invoiced: every customer (not the provider; active or
 * blocked) whose month is not done (`invoicing_runs.done_at`) and not waiting out a back-off
 * is handled in its own transaction, which first takes the customer's row with
 * `FOR NO KEY UPDATE SKIP LOCKED` (the scheduler's pattern, scheduled/materialize-due-orders.ts):
 * while one process invoices a customer the others pass it by, and the next to take it sees
 * the month done. The same transaction makes the invoices and marks the customer's month done;
 * the unique index on (customer, type, period) is the last guard.
 *
 * A customer that fails is recorded with a growing back-off (`retryDelayMinutes`) and its
 * error; it does not hold up the other customers or the later months, and is not retried on
 * every tick. `invoicedThrough` moves up over the months in which every customer is done, so
 * the next run starts at the first month with work left.
 */
import { lastCompletePeriod, nextPeriod } from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { writeLog } from '../global/write-log.js';
import { makeInvoices } from './make-invoices.js';

/** The app_meta key of the last month (yyyy-MM-01) the job finished. */
export const INVOICED_THROUGH_KEY = 'invoicedThrough';

/** What one run did. */
export interface InvoicingResult {
  /** Months marked done by this run. */
  months: number;
  /** Invoices made. */
  invoices: number;
  /** Customers passed by because another process held them (done there). */
  skipped: number;
  /** Customers that failed unexpectedly (logged in app_log and `invoicing_runs`; retried after their back-off). */
  failed: number;
}

/**
 * Minutes a customer's month waits after its `attempts`-th failure: 5, 10, 20, ... doubling,
 * at most one day (a failure that needs a person is retried daily, not every 5-minute tick).
 */
export function retryDelayMinutes(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(0, attempts - 1), 24 * 60);
}

/** How long after midnight UTC a month waits before it is invoiced: no posting is still open by then. */
export const INVOICING_GRACE_MS = 60 * 60_000;

/**
 * The day the job invoices up to (yyyy-MM-dd, UTC) at the instant `now` (ms): the UTC day of
 * `now` less `INVOICING_GRACE_MS`, so a month is invoiced from 01:00 UTC of the next day on. A
 * posting whose transaction began before midnight (booked on the month's last day) but commits
 * just after it is then in the ledger when its month is read, not left out of an invoiced month.
 */
export function invoicingDay(now: number = Date.now()): string {
  return new Date(now - INVOICING_GRACE_MS).toISOString().slice(0, 10);
}

/**
 * Invoices every month that is due and not yet done (see the file comment), dated `today`.
 * Safe to run at the same time in several processes: each invoice is made exactly once.
 * @param today yyyy-MM-dd (default `invoicingDay()`: today, UTC, an hour late)
 */
export async function runInvoicing(db: Db, today: string = invoicingDay()): Promise<InvoicingResult> {
  const result: InvoicingResult = { months: 0, invoices: 0, skipped: 0, failed: 0 };
  const last = lastCompletePeriod(today);
  const [through] = await rows<{ value: string }>(db, sql`SELECT value FROM app_meta WHERE key = ${INVOICED_THROUGH_KEY}`);
  // Months done in order move the marker; a month with work left stops it there, not the run.
  let marking = true;
  for (let period = through ? nextPeriod(through.value) : last; period <= last; period = nextPeriod(period)) {
    const open = await rows<{ id: number; waiting: boolean }>(
      db,
      sql`SELECT c.id, COALESCE(r.retry_after > now(), false) AS waiting FROM customers c
          LEFT JOIN invoicing_runs r ON r.customer_id = c.id AND r.period = ${period}::date
          WHERE NOT c.is_provider AND c.status_id IN (1, 2) AND r.done_at IS NULL
          ORDER BY c.id`,
    );
    for (const { id, waiting } of open) {
      if (waiting) continue;
      try {
        const made = await db.transaction((tx) => invoiceCustomer(tx, Number(id), period, today));
        if (made === null) result.skipped++;
        else result.invoices += made;
      } catch (error) {
        // Another process made this invoice meanwhile: nothing of ours committed, and it marks the month.
        if (isUniqueViolation(error)) continue;
        result.failed++;
        await recordFailure(db, Number(id), period, error);
      }
    }
    const complete = open.length === 0 || (await monthDone(db, period));
    if (!complete) marking = false;
    if (marking) {
      await markInvoicedThrough(db, period);
      result.months++;
    }
  }
  return result;
}

/** True when every customer (not the provider; active or blocked) has its month `period` done. */
async function monthDone(db: Db, period: string): Promise<boolean> {
  const [left] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM customers c
        WHERE NOT c.is_provider AND c.status_id IN (1, 2)
          AND NOT EXISTS (SELECT 1 FROM invoicing_runs r WHERE r.customer_id = c.id AND r.period = ${period}::date AND r.done_at IS NOT NULL)`,
  );
  return Number(left?.n ?? 0) === 0;
}

/** Records a failed attempt of a customer's month: its count, the back-off and the error (also in app_log). */
async function recordFailure(db: Db, customerId: number, period: string, error: unknown): Promise<void> {
  // The database's own words (drizzle wraps them in "Failed query: ..." with the error as its cause).
  let root = error as { message?: string; cause?: unknown };
  while (root?.cause) root = root.cause as typeof root;
  const message = String(root?.message ?? error).slice(0, 2000);
  await db
    .transaction(async (tx) => {
      const [run] = await rows<{ attempts: number }>(
        tx,
        sql`INSERT INTO invoicing_runs (customer_id, period, attempts, last_error) VALUES (${customerId}, ${period}::date, 1, ${message})
            ON CONFLICT (customer_id, period) DO UPDATE SET attempts = invoicing_runs.attempts + 1, last_error = excluded.last_error
            RETURNING attempts`,
      );
      const minutes = retryDelayMinutes(Number(run?.attempts ?? 1));
      await tx.execute(sql`UPDATE invoicing_runs SET retry_after = now() + make_interval(mins => ${minutes})
        WHERE customer_id = ${customerId} AND period = ${period}::date`);
      await writeLog(tx, {
        level: 'error',
        kind: 'job',
        message: 'Invoicing failed',
        data: { customerId, period, attempts: Number(run?.attempts ?? 1), retryInMinutes: minutes, error: message },
      });
    })
    .catch(() => {});
}

/**
 * Invoices one customer's month inside `tx`, holding the customer's row, and marks the month
 * done for it (`invoicing_runs`); null when another transaction holds the row (it is doing
 * this work) or the month waits out a back-off set meanwhile. Answers the number of invoices
 * made (0 when the month was done meanwhile or has nothing to charge).
 */
export async function invoiceCustomer(tx: Tx, customerId: number, period: string, invoiceDate: string): Promise<number | null> {
  const [locked] = await rows<{ id: number }>(tx, sql`SELECT id FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE SKIP LOCKED`);
  if (!locked) return null;
  // Read again under the lock: another process may have finished the month, or failed it and
  // set a back-off, since the caller listed it (a failure must not be tried twice at once).
  const [run] = await rows<{ done: boolean; waiting: boolean }>(
    tx,
    sql`SELECT done_at IS NOT NULL AS done, COALESCE(retry_after > now(), false) AS waiting
        FROM invoicing_runs WHERE customer_id = ${customerId} AND period = ${period}::date`,
  );
  if (run?.done) return 0;
  if (run?.waiting) return null;
  const made = await makeInvoices(tx, { period, invoiceDate, customerIds: [customerId], alert: true });
  await tx.execute(sql`INSERT INTO invoicing_runs (customer_id, period, done_at) VALUES (${customerId}, ${period}::date, now())
    ON CONFLICT (customer_id, period) DO UPDATE SET done_at = now(), retry_after = NULL`);
  return made.length;
}

/** Records that every month up to `period` is invoiced (never moves back). */
export async function markInvoicedThrough(db: Tx, period: string): Promise<void> {
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${INVOICED_THROUGH_KEY}, ${period})
    ON CONFLICT (key) DO UPDATE SET value = GREATEST(app_meta.value, excluded.value)`);
}
