/**
 * Two years of monthly invoices for the demo (issue 8; docs/invoicing.md, "Demo data"), made by
 * the invoicing job's own function (`makeInvoices`) for every month up to the last complete
 * one, all customers of a month at once, each month dated the first day after it. Then the
 * payments: an invoice whose due date has not come is open (due); of the older ones most were
 * paid a few days before or after their due date and a few are still open (overdue). The job's
 * marker (`invoicedThrough`) is set to the last complete month, and each customer's month is
 * recorded done (`invoicing_runs`) as the job records it, so the job finds nothing left to do
 * for past months at first start. No alerts for this history.
 */
import { lastCompletePeriod, nextPeriod, previousPeriod } from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { markInvoicedThrough } from '../invoices/invoicing-job.js';
import { makeInvoices } from '../invoices/make-invoices.js';

/** Months of invoice history the demo holds. */
export const INVOICE_HISTORY_MONTHS = 24;

/** The invoice number series per country: a prefix of the country's code, numbers from 1. */
const seriesPrefixes = { NO: 'NO-', SE: 'SE-', DK: 'DK-', FI: 'FI-' } as const;

export async function seedInvoices(tx: Tx, today: string): Promise<void> {
  for (const [countryId, prefix] of Object.entries(seriesPrefixes)) {
    await tx.execute(sql`INSERT INTO invoice_series (country_id, prefix, next_number) VALUES (${countryId}, ${prefix}, 1)
      ON CONFLICT (country_id) DO NOTHING`);
  }
  const customerIds = (
    await rows<{ id: number }>(tx, sql`SELECT id FROM customers WHERE NOT is_provider AND status_id IN (1, 2) ORDER BY id`)
  ).map((c) => Number(c.id));
  const last = lastCompletePeriod(today);
  let first = last;
  for (let i = 1; i < INVOICE_HISTORY_MONTHS; i++) first = previousPeriod(first);
  let period = first;
  for (; period <= last; period = nextPeriod(period)) {
    await makeInvoices(tx, { period, invoiceDate: nextPeriod(period), customerIds, alert: false });
  }
  // The job's own record of each customer's months, done when the job would have run (01:00 UTC
  // of the invoice date, INVOICING_GRACE_MS; never after now): Controls then says when the month
  // it is invoiced through was invoiced, not "never" beside it (issue 20).
  await tx.execute(sql`INSERT INTO invoicing_runs (customer_id, period, done_at)
    SELECT c.id, p.period::date, LEAST(now(), (p.period + interval '1 month 1 hour') AT TIME ZONE 'UTC')
    FROM customers c
    CROSS JOIN generate_series(${first}::date, ${last}::date, interval '1 month') AS p(period)
    WHERE NOT c.is_provider AND c.status_id IN (1, 2)
    ON CONFLICT (customer_id, period) DO NOTHING`);
  await markInvoicedThrough(tx, last);

  // Payments, deterministic by invoice id: about 4 % of the invoices past due are still open
  // (overdue); the rest were paid from 6 days before to 5 days after the due date (never after today).
  await tx.execute(sql`UPDATE invoices SET paid = true,
      paid_date = LEAST(${today}::date, due_date + ((id * 7919) % 12 - 6))
    WHERE due_date < ${today}::date AND (id * 104729) % 100 >= 4`);
  // Kari's company (the demo's finance user) has one overdue invoice to show: its pooling invoice of three months ago.
  await tx.execute(sql`UPDATE invoices SET paid = false, paid_date = NULL
    WHERE id = (SELECT i.id FROM invoices i JOIN customers c ON c.id = i.customer_id
      WHERE c.name = 'Fjordland Dagligvare AS' AND i.invoice_type = 'pooling' AND i.due_date < ${today}::date
      ORDER BY i.period DESC OFFSET 2 LIMIT 1)`);
}
