/**
 * Container rent on the monthly pooling invoice (issue 11; docs/containers.md "Day rent",
 * docs/invoicing.md): a month's `containerRent` line charges exactly the container-days the
 * customer's rentals held in it (each container from its assigned to its returned day, or the
 * month's end while out, inclusive) at the price list's day rent; the rental's page shows the
 * same days. The ledger check holds after every test.
 */
import { lastCompletePeriod, nextPeriod, periodEnd, periodOf, todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { product } from '../src/modules/demo-data/reference.js';
import { makeInvoices } from '../src/modules/invoices/make-invoices.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { pdfText } from './pdf-text.js';

/** Days from `a` to `b` inclusive (yyyy-MM-dd), 0 when b is before a. */
const inclusiveDays = (a: string, b: string) => (b < a ? 0 : Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000) + 1);

describe.each(backends)('container rent on the invoice (%s)', (kind) => {
  let ctx: TestContext;
  let admin: string;
  let mikko: string;
  let mikkoLocation: number;
  let customerId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    admin = await ctx.login('admin');
    mikko = await ctx.login('mikko');
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: mikko })).body.data.id;
    const [l] = await rows<{ customerId: number }>(
      ctx.database.db,
      sql`SELECT customer_id AS "customerId" FROM locations WHERE id = ${mikkoLocation}`,
    );
    customerId = Number(l?.customerId);
  });
  afterAll(() => ctx.close());

  /** The container-days of the customer's rentals within `from`-`to`, counted here from the rental rows. */
  async function expectedDays(from: string, to: string): Promise<number> {
    const held = await rows<{ assignedOn: string; returnedOn: string | null }>(
      ctx.database.db,
      sql`SELECT rc.assigned_on AS "assignedOn", rc.returned_on AS "returnedOn"
          FROM rental_containers rc JOIN rentals r ON r.id = rc.rental_id JOIN locations l ON l.id = r.location_id
          WHERE l.customer_id = ${customerId} AND l.type_id <> 'NLP'`,
    );
    return held.reduce((sum, h) => {
      const start = h.assignedOn > from ? h.assignedOn : from;
      const last = h.returnedOn === null || h.returnedOn > to ? to : h.returnedOn;
      return sum + inclusiveDays(start, last);
    }, 0);
  }

  it('charged the demo’s last complete month exactly its container-days at the day rent', async () => {
    // The demo's invoices run up to the seed's day, the UTC day, as the invoicing job's months
    // (docs/invoicing.md): at 23:30 UTC on a month's last day Finland is already in the next month.
    const period = lastCompletePeriod(new Date().toISOString().slice(0, 10));
    const days = await expectedDays(period, periodEnd(period));
    expect(days).toBeGreaterThan(0);
    const [line] = await rows<{ invoiceId: number; quantity: number; unitPrice: number; amount: number; currency: string }>(
      ctx.database.db,
      sql`SELECT il.invoice_id AS "invoiceId", il.quantity, il.unit_price AS "unitPrice", il.amount, i.currency
          FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id
          WHERE i.customer_id = ${customerId} AND i.period = ${period}::date AND i.invoice_type = 'pooling' AND il.kind = 'containerRent'`,
    );
    // NOK 25.00 a day converted at 11.629 NOK/EUR: EUR 2.15.
    expect(line).toMatchObject({ quantity: days, unitPrice: 215, currency: 'EUR' });
    expect(Number(line?.amount)).toBe(days * 215);
    // On the screen and in the PDF, in the reader's language (admin reads Norwegian).
    const detail = (await ctx.call('GET', `/api/Invoices/${line?.invoiceId}`, { token: admin })).body.data;
    expect(detail.lines.map((l: { kind: string }) => l.kind)).toContain('containerRent');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/Invoices/${line?.invoiceId}/document`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    // The line: its kind, the container type, the container-days in days (døgn), the day rent.
    expect(text).toMatch(/Containerleie\nSammenleggbar pallcontainer[^\n]*\n[\d\s\u00a0\u202f]+ døgn\n2,15\n/);
  });

  it('charges a rental of this month exactly its container-days, and the rental shows them', async () => {
    const today = todayIn('FI');
    const period = periodOf(today);
    const registered = await ctx.call('POST', '/api/Rentals', {
      token: mikko,
      body: { locationId: mikkoLocation, productId: product('CONT-A').id, quantity: 2, startDate: today },
    });
    const rental = registered.body.data;
    const [depot] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT c.location_id AS id FROM containers c JOIN locations l ON l.id = c.location_id
          WHERE l.type_id = 'NLP' AND c.status = 'OK' AND c.product_id = ${product('CONT-A').id}
            AND NOT EXISTS (SELECT 1 FROM rental_containers rc WHERE rc.container_id = c.id AND rc.returned_on IS NULL)
          GROUP BY 1 HAVING count(*) >= 2 ORDER BY 1 LIMIT 1`,
    );
    const free = (await ctx.call('GET', `/api/Containers?available=true&locationId=${depot?.id}`, { token: admin })).body.data;
    const opened = await ctx.call('POST', '/api/RentalStatus', {
      token: admin,
      body: { id: rental.id, status: 'Open', containerIds: free.slice(0, 2).map((c: { id: number }) => c.id) },
    });
    expect(opened.status).toBe(200);
    // Held today: one day each so far.
    expect(opened.body.data.containerDays).toBe(2);

    // The month's invoice (made in a transaction rolled back: the job makes it after the month).
    const days = await expectedDays(period, periodEnd(period));
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(
          sql`DELETE FROM invoice_lines WHERE invoice_id IN (SELECT id FROM invoices WHERE customer_id = ${customerId} AND period = ${period}::date)`,
        );
        await tx.execute(sql`DELETE FROM invoices WHERE customer_id = ${customerId} AND period = ${period}::date`);
        const made = await makeInvoices(tx, { period, invoiceDate: nextPeriod(period), customerIds: [customerId], alert: false });
        const pooling = made.find((i) => i.invoiceType === 'pooling');
        const [line] = await rows<{ quantity: number; amount: number }>(
          tx,
          sql`SELECT quantity, amount FROM invoice_lines WHERE invoice_id = ${pooling?.id} AND kind = 'containerRent'`,
        );
        // Both containers still out: counted to the month's end.
        expect(Number(line?.quantity)).toBe(days);
        expect(days).toBeGreaterThanOrEqual(2 * inclusiveDays(today, periodEnd(period)));
        expect(Number(line?.amount)).toBe(days * 215);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await ctx.call('POST', '/api/RentalStatus', {
      token: mikko,
      body: {
        id: rental.id,
        status: 'Returned',
        returns: free.slice(0, 2).map((c: { id: number }) => ({ containerId: c.id, check: 'OK' })),
      },
    });
  });
});
