/**
 * The monthly invoicing job (issue 8; docs/invoicing.md, "The invoicing job"), run from the
 * scheduler's tick in every server process. Each month from the one after the last month
 * done (`app_meta` key `invoicedThrough`; on a database without it, the last complete month)
 * to the last complete month is invoiced: every customer (not the provider; active or
 * blocked) that lacks an invoice of the month is handled in its own transaction, which first
 * takes the customer's row with `FOR NO KEY UPDATE SKIP LOCKED` (the scheduler's pattern,
 * scheduled/materialize-due-orders.ts): while one process invoices a customer the others pass
 * it by, and the next to take it sees the invoices committed. The unique index on (customer,
 * type, period) is the last guard. When every customer of a month was handled in one run, the
 * month is marked done; otherwise the next tick goes on from it.
 */
import { lastCompletePeriod, nextPeriod } from '@portal/domain';
import { type Db, isUniqueViolation, rows, sql, type Tx } from '../../db/client.js';
import { todayUtc } from '../scheduled/materialize-due-orders.js';
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
  /** Customers that failed unexpectedly (logged in app_log; retried on the next run). */
  failed: number;
}

/**
 * Invoices every month that is due and not yet done (see the file comment), dated `today`.
 * Safe to run at the same time in several processes: each invoice is made exactly once.
 * @param today yyyy-MM-dd (default today, UTC)
 */
export async function runInvoicing(db: Db, today: string = todayUtc()): Promise<InvoicingResult> {
  const result: InvoicingResult = { months: 0, invoices: 0, skipped: 0, failed: 0 };
  const last = lastCompletePeriod(today);
  const [through] = await rows<{ value: string }>(db, sql`SELECT value FROM app_meta WHERE key = ${INVOICED_THROUGH_KEY}`);
  for (let period = through ? nextPeriod(through.value) : last; period <= last; period = nextPeriod(period)) {
    const due = await rows<{ id: number }>(
      db,
      sql`SELECT c.id FROM customers c
          WHERE NOT c.is_provider AND c.status_id IN (1, 2)
            AND (SELECT count(*) FROM invoices i WHERE i.customer_id = c.id AND i.period = ${period}::date) < 2
          ORDER BY c.id`,
    );
    let complete = true;
    for (const { id } of due) {
      try {
        const made = await db.transaction((tx) => invoiceCustomer(tx, Number(id), period, today));
        if (made === null) {
          result.skipped++;
          complete = false;
        } else result.invoices += made;
      } catch (error) {
        complete = false;
        // Another process made this invoice meanwhile: nothing of ours committed.
        if (isUniqueViolation(error)) continue;
        result.failed++;
        await db
          .execute(sql`INSERT INTO app_log (level, message, data) VALUES ('error', 'Invoicing failed',
            ${JSON.stringify({ customerId: Number(id), period, error: String((error as Error)?.message ?? error) })}::jsonb)`)
          .catch(() => {});
      }
    }
    // Months are done in order: a month left incomplete is taken up again on the next run.
    if (!complete) break;
    await markInvoicedThrough(db, period);
    result.months++;
  }
  return result;
}

/**
 * Invoices one customer's month inside `tx`, holding the customer's row; null when another
 * transaction holds it (it is doing this work). Answers the number of invoices made.
 */
export async function invoiceCustomer(tx: Tx, customerId: number, period: string, invoiceDate: string): Promise<number | null> {
  const [locked] = await rows<{ id: number }>(tx, sql`SELECT id FROM customers WHERE id = ${customerId} FOR NO KEY UPDATE SKIP LOCKED`);
  if (!locked) return null;
  const made = await makeInvoices(tx, { period, invoiceDate, customerIds: [customerId], alert: true });
  return made.length;
}

/** Records that every month up to `period` is invoiced (never moves back). */
export async function markInvoicedThrough(db: Tx, period: string): Promise<void> {
  await db.execute(sql`INSERT INTO app_meta (key, value) VALUES (${INVOICED_THROUGH_KEY}, ${period})
    ON CONFLICT (key) DO UPDATE SET value = GREATEST(app_meta.value, excluded.value)`);
}
