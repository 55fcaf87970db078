/**
 * Makes a month's invoices (docs/invoicing.md, "The invoicing job"): for each customer given
 * (not the provider; active or blocked) and each invoice type it has not been invoiced for in
 * the period, the lines from the ledger's quantities (invoice-quantities.ts) priced with the
 * price list of the customer's country in force on the period's last day (`priceListFor`),
 * VAT by the customer's country on that day (`vatRateBp`), totals that add up exactly
 * (`draftInvoice`), a number from the country's gap-free series, and the invoice with its
 * lines. A month with nothing to charge gets no invoice.
 *
 * Runs inside the caller's transaction: the numbers are taken there (a row lock on the
 * country's series until commit), so a rolled-back invoice leaves no gap. The invoicing job
 * calls it for one customer per transaction (invoicing-job.ts); the demo seed for all
 * customers of a month at once (demo-data/invoices.ts). The unique index on (customer, type,
 * period) is the last guard against a second invoice of a month.
 * @throws Error when a customer has something to charge and its country has no price list in
 *   force on the period's last day (nothing is made; the caller's transaction rolls back)
 */
import {
  type Country,
  commissionLines,
  type DraftLine,
  draftInvoice,
  formatInvoiceNumber,
  type InvoiceType,
  invoiceDueDate,
  periodEnd,
  poolingLines,
  vatRateBp,
} from '@portal/domain';
import { rows, sql, type Tx } from '../../db/client.js';
import { alertNewInvoices } from './invoice-alert.js';
import { readInvoiceQuantities } from './invoice-quantities.js';
import { type PriceList, priceListFor } from './price-list.js';

/** What makeInvoices is asked to do. */
export interface MakeInvoicesOptions {
  /** The month invoiced: its first day, yyyy-MM-01. */
  period: string;
  /** The invoice date (yyyy-MM-dd): the run's day; due INVOICE_PAYMENT_DAYS later. */
  invoiceDate: string;
  /** The customers to invoice; the provider and customers that are neither active nor blocked are passed over. */
  customerIds: readonly number[];
  /** Raise an `Invoice` alert for the customer's finance users (the job does; the seed's history does not). */
  alert: boolean;
}

/** An invoice made by makeInvoices. */
export interface MadeInvoice {
  id: number;
  customerId: number;
  invoiceType: InvoiceType;
  countryId: Country;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  currency: string;
  amountInclVat: number;
}

interface Draft {
  customerId: number;
  invoiceType: InvoiceType;
  countryId: Country;
  currency: string;
  lines: (DraftLine & { lineNo: number })[];
  amountExclVat: number;
  vatRateBp: number;
  vatAmount: number;
  amountInclVat: number;
}

/** Makes the period's invoices of `customerIds` (see the file comment) and answers them, in customer and type order. */
export async function makeInvoices(tx: Tx, options: MakeInvoicesOptions): Promise<MadeInvoice[]> {
  const { period, invoiceDate } = options;
  const to = periodEnd(period);
  const ids = `{${options.customerIds.map(Number).join(',')}}`;
  const customers = await rows<{ id: number; countryId: Country }>(
    tx,
    sql`SELECT id, country_id AS "countryId" FROM customers
        WHERE id = ANY(${ids}::int[]) AND NOT is_provider AND status_id IN (1, 2) ORDER BY id`,
  );
  if (customers.length === 0) return [];
  const done = new Set(
    (
      await rows<{ customerId: number; invoiceType: string }>(
        tx,
        sql`SELECT customer_id AS "customerId", invoice_type AS "invoiceType" FROM invoices
            WHERE period = ${period}::date AND customer_id = ANY(${ids}::int[])`,
      )
    ).map((i) => `${i.customerId}:${i.invoiceType}`),
  );
  const quantities = await readInvoiceQuantities(
    tx,
    customers.map((c) => Number(c.id)),
    period,
    to,
  );
  const lists = new Map<Country, PriceList | null>();
  const drafts: Draft[] = [];
  for (const customer of customers) {
    const customerId = Number(customer.id);
    const q = quantities.get(customerId);
    if (!q) continue;
    if (!lists.has(customer.countryId)) lists.set(customer.countryId, await priceListFor(tx, customer.countryId, to));
    const list = lists.get(customer.countryId);
    // Something to charge but nothing to price it with: fail (the job records it and retries
    // after a back-off, invoicing-job.ts) rather than let the month pass uninvoiced.
    if (!list) throw new Error(`No price list of ${customer.countryId} in force on ${to}`);
    const rate = vatRateBp(customer.countryId, to);
    const byType: [InvoiceType, DraftLine[]][] = [
      ['pooling', poolingLines(q.pooling, list.fees, period)],
      ['commission', commissionLines(q.commission, list.products)],
    ];
    for (const [invoiceType, lines] of byType) {
      if (lines.length === 0 || done.has(`${customerId}:${invoiceType}`)) continue;
      drafts.push({ customerId, invoiceType, countryId: customer.countryId, currency: list.currency, ...draftInvoice(lines, rate) });
    }
  }
  if (drafts.length === 0) return [];

  const numbers = await takeNumbers(tx, drafts);
  const dueDate = invoiceDueDate(invoiceDate);
  const records = drafts.map((d, i) => ({
    customer_id: d.customerId,
    invoice_type: d.invoiceType,
    period,
    country_id: d.countryId,
    invoice_number: numbers[i],
    invoice_date: invoiceDate,
    due_date: dueDate,
    currency: d.currency,
    amount_excl_vat: d.amountExclVat,
    vat_rate_bp: d.vatRateBp,
    vat_amount: d.vatAmount,
    amount_incl_vat: d.amountInclVat,
  }));
  const inserted = await rows<{ id: number; invoiceNumber: string; countryId: string }>(
    tx,
    sql`INSERT INTO invoices (customer_id, invoice_type, period, country_id, invoice_number, invoice_date, due_date, currency,
          amount_excl_vat, vat_rate_bp, vat_amount, amount_incl_vat)
        SELECT customer_id, invoice_type, period, country_id, invoice_number, invoice_date, due_date, currency,
          amount_excl_vat, vat_rate_bp, vat_amount, amount_incl_vat
        FROM jsonb_populate_recordset(NULL::invoices, ${JSON.stringify(records)}::jsonb)
        RETURNING id, invoice_number AS "invoiceNumber", country_id AS "countryId"`,
  );
  const idOf = new Map(inserted.map((r) => [`${r.countryId}:${r.invoiceNumber}`, Number(r.id)]));
  const made: MadeInvoice[] = drafts.map((d, i) => ({
    id: idOf.get(`${d.countryId}:${numbers[i]}`) as number,
    customerId: d.customerId,
    invoiceType: d.invoiceType,
    countryId: d.countryId,
    invoiceNumber: numbers[i] as string,
    invoiceDate,
    dueDate,
    currency: d.currency,
    amountInclVat: d.amountInclVat,
  }));
  const lines = drafts.flatMap((d, i) =>
    d.lines.map((l) => ({
      invoice_id: made[i]?.id,
      line_no: l.lineNo,
      kind: l.kind,
      product_id: l.productId,
      carrier_type_id: l.carrierTypeId,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      amount: l.amount,
    })),
  );
  await tx.execute(sql`INSERT INTO invoice_lines (invoice_id, line_no, kind, product_id, carrier_type_id, quantity, unit_price, amount)
    SELECT invoice_id, line_no, kind, product_id, carrier_type_id, quantity, unit_price, amount
    FROM jsonb_populate_recordset(NULL::invoice_lines, ${JSON.stringify(lines)}::jsonb)`);
  if (options.alert) await alertNewInvoices(tx, made, period);
  return made;
}

/**
 * Takes the next numbers of each country's series for `drafts`, in their order: one UPDATE per
 * country, whose row lock holds until the transaction ends, so numbers are gap-free and never
 * given twice. A country without a series gets one (prefix "<country>-", from 1).
 */
async function takeNumbers(tx: Tx, drafts: readonly Draft[]): Promise<string[]> {
  const counts = new Map<Country, number>();
  for (const d of drafts) counts.set(d.countryId, (counts.get(d.countryId) ?? 0) + 1);
  const next = new Map<Country, { prefix: string; number: number }>();
  for (const [countryId, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    await tx.execute(sql`INSERT INTO invoice_series (country_id, prefix, next_number) VALUES (${countryId}, ${`${countryId}-`}, 1)
      ON CONFLICT (country_id) DO NOTHING`);
    const [series] = await rows<{ prefix: string; first: number }>(
      tx,
      sql`UPDATE invoice_series SET next_number = next_number + ${count}::int WHERE country_id = ${countryId}
          RETURNING prefix, next_number - ${count}::int AS first`,
    );
    if (!series) throw new Error(`No invoice series for ${countryId}`);
    next.set(countryId, { prefix: series.prefix, number: Number(series.first) });
  }
  return drafts.map((d) => {
    const series = next.get(d.countryId) as { prefix: string; number: number };
    return formatInvoiceNumber(series.prefix, series.number++);
  });
}
