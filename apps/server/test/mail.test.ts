/**
 * Mail (issue 3): order events write their email to the archive in the language of the
 * receiving location's country; with SMTP the outbox sends each mail once after commit; the
 * archive is readable by customer admins (their customer) and global admins.
 */
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres, rows, sql } from '../src/db/client.js';
import { renderOrderMail } from '../src/modules/mail/order-mail.js';
import { deliverQueuedMail, type MailTransport, startMailOutbox } from '../src/modules/mail/outbox.js';
import { sendMail } from '../src/modules/mail/send-mail.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface ArchiveRow {
  id: number;
  topic: string;
  toAddress: string;
  toCustomerId: number;
  subject: string;
  body: string;
  html: string | null;
  status: string;
}

/** A transport that keeps what it was asked to send (and fails when told to). */
function fakeTransport(fail = false) {
  const sent: { to: string; subject: string; text: string }[] = [];
  const transport: MailTransport = {
    async sendMail(message) {
      if (fail) throw new Error('SMTP refused');
      sent.push(message);
      return {};
    },
  };
  return { transport, sent };
}

describe.each(backends)('mail (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'mikko', string> = { admin: '', kari: '', ole: '', mikko: '' };
  const locations: Record<string, { id: number; customerId: number; countryId: string }> = {};

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'mikko'] as const) {
      tokens[name] = await ctx.login(name);
      locations[name] = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
    }
  });
  afterAll(() => ctx.close());

  const mailsOf = (orderId: number) =>
    rows<ArchiveRow>(
      ctx.database.db,
      sql`SELECT id, topic, to_address AS "toAddress", to_customer_id AS "toCustomerId", subject, body, html, status
          FROM email_archive WHERE order_id = ${orderId} ORDER BY id`,
    );
  const addressOf = async (locationId: number, column: 'email_purchase' | 'email_return' | 'email_order_confirmation') =>
    (await rows<{ address: string }>(ctx.database.db, sql`SELECT ${sql.raw(column)} AS address FROM locations WHERE id = ${locationId}`))[0]
      ?.address;

  /** Places a draft of `type` as a user and sends it (0 -> 1); answers the order id and its product. */
  async function placeAndSend(user: 'kari' | 'ole' | 'mikko', type: 1 | 2) {
    const location = locations[user] as { id: number; countryId: string };
    const products = (await ctx.call('GET', `/api/AvailableProducts?locationId=${location.id}`, { token: tokens[user] })).body.data;
    const product = products[0];
    const dateSend = nextOpenDay(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), location.countryId as 'NO');
    const draft = await ctx.call('POST', '/api/Orders', {
      token: tokens[user],
      body: {
        transactionTypeId: type,
        dateSend,
        lines: [{ productId: product.id, quantityOrdered: product.qtyHeight * 3 }],
        draft: true,
        referenceOwn: 'MAIL-TEST',
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const id = draft.body.data.id as number;
    expect(await mailsOf(id)).toEqual([]);
    const sent = await ctx.call('POST', '/api/OrderStatus', { token: tokens[user], body: { id, transactionStatusId: 1 } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return { id, product, quantity: product.qtyHeight * 3 };
  }

  it('sending a purchase archives a purchase email to the location’s purchase address, in Norwegian, with the lines', async () => {
    const { id, product, quantity } = await placeAndSend('kari', 1);
    const [mail, ...more] = await mailsOf(id);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      topic: 'purchase',
      toAddress: await addressOf(locations.kari?.id as number, 'email_purchase'),
      toCustomerId: locations.kari?.customerId,
      status: 'stored',
    });
    expect(mail?.subject).toBe(`Bestilling ${id}`);
    expect(mail?.body).toContain(`Vi har mottatt bestillingen din ${id}.`);
    expect(mail?.body).toContain(`Ordrenummer: ${id}`);
    expect(mail?.body).toContain('Deres referanse: MAIL-TEST');
    expect(mail?.body).toContain(`- ${quantity} × ${product.name}`);
    expect(mail?.html).toContain('<table>');

    // The provider confirms it: the order confirmation goes to the confirmation address.
    const confirmed = await ctx.call('POST', '/api/OrderStatus', { token: tokens.admin, body: { id, transactionStatusId: 2 } });
    expect(confirmed.status).toBe(200);
    const confirmation = (await mailsOf(id)).find((m) => m.topic === 'orderConfirmation');
    expect(confirmation).toMatchObject({
      toAddress: await addressOf(locations.kari?.id as number, 'email_order_confirmation'),
      subject: `Ordre ${id} er bekreftet`,
    });
  });

  it('a purchase sent straight from the dialog (no draft) mails its lines too', async () => {
    const location = locations.kari as { id: number; countryId: string };
    const [product] = (await ctx.call('GET', `/api/AvailableProducts?locationId=${location.id}`, { token: tokens.kari })).body.data;
    const dateSend = nextOpenDay(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10), 'NO');
    const placed = await ctx.call('POST', '/api/Orders', {
      token: tokens.kari,
      body: { transactionTypeId: 1, dateSend, lines: [{ productId: product.id, quantityOrdered: product.qtyHeight * 2 }], draft: false },
    });
    expect(placed.status).toBe(200);
    const [mail] = await mailsOf(placed.body.data.id);
    expect(mail?.body).toContain(`- ${product.qtyHeight * 2} × ${product.name}`);
  });

  it('sending a sale from a Finnish location archives a return email in Finnish', async () => {
    const { id } = await placeAndSend('mikko', 2);
    const [mail] = await mailsOf(id);
    expect(mail).toMatchObject({
      topic: 'return',
      toAddress: await addressOf(locations.mikko?.id as number, 'email_return'),
      subject: `Palautustilaus ${id}`,
    });
    expect(mail?.body).toContain('Kuormankantajat noudetaan');
  });

  it('cancelling or drafting sends no mail', async () => {
    const { id } = await placeAndSend('ole', 2);
    const before = (await mailsOf(id)).length;
    expect((await ctx.call('POST', '/api/OrderStatus', { token: tokens.ole, body: { id, transactionStatusId: 7 } })).status).toBe(200);
    expect(await mailsOf(id)).toHaveLength(before);
  });

  it('templates exist in all five languages', () => {
    const order = {
      orderId: 42,
      fromName: 'Depot',
      toName: 'Store',
      date: '2026-05-04',
      referenceOwn: null,
      lines: [{ quantity: 1200, name: 'EUR' }],
    };
    const subjects = (['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const).map(
      (l) => renderOrderMail(l, 'orderConfirmation', order).subject,
    );
    expect(subjects).toEqual([
      'Ordre 42 er bekreftet',
      'Order 42 är bekräftad',
      'Ordre 42 er bekræftet',
      'Tilaus 42 on vahvistettu',
      'Order 42 is confirmed',
    ]);
    for (const l of ['nb-NO', 'sv-SE', 'da-DK', 'fi-FI', 'en-US'] as const) {
      for (const topic of ['purchase', 'return'] as const) {
        const mail = renderOrderMail(l, topic, order);
        expect(mail.subject).toContain('42');
        expect(mail.text).not.toMatch(/mail\./);
      }
    }
    // Names and references are escaped in the HTML part.
    expect(renderOrderMail('en-US', 'purchase', { ...order, toName: '<b>Store</b>' }).html).toContain('&lt;b&gt;Store&lt;/b&gt;');
  });

  it('with SMTP set the outbox sends each mail once after commit', async () => {
    const { transport, sent } = fakeTransport();
    const stop = startMailOutbox(ctx.database.db, { transport, from: 'portal@example.test', pollMs: 60_000 });
    let id: number;
    try {
      ({ id } = await placeAndSend('kari', 1));
      const until = Date.now() + 10_000;
      while (!sent.some((m) => m.subject === `Bestilling ${id}`) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await stop();
    }
    expect(sent.filter((m) => m.subject === `Bestilling ${id}`)).toHaveLength(1);
    const [mail] = await mailsOf(id);
    expect(mail?.status).toBe('sent');

    // Several deliverers at once (two processes on PostgreSQL): every queued mail goes out once.
    const stopQueueing = startMailOutbox(ctx.database.db, {
      transport: fakeTransport(true).transport,
      from: 'x@example.test',
      pollMs: 60_000,
    });
    const ids: number[] = [];
    await ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < 12; i++)
        ids.push(Number(await sendMail(tx, { to: `user${i}@example.test`, subject: `Test ${i}`, text: 'Hello', topic: 'test' })));
    });
    await stopQueueing();
    let other: Database | null = null;
    if (kind === 'postgres') {
      const [{ name } = { name: '' }] = await rows<{ name: string }>(ctx.database.db, sql`SELECT current_database() AS name`);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${name}`;
      other = await openPostgres(url.toString(), 4);
    }
    const a = fakeTransport();
    const b = fakeTransport();
    await Promise.all([
      deliverQueuedMail(ctx.database.db, a.transport, 'x@example.test', 5),
      deliverQueuedMail((other ?? ctx.database).db, b.transport, 'x@example.test', 5),
      deliverQueuedMail(ctx.database.db, a.transport, 'x@example.test', 5),
      deliverQueuedMail((other ?? ctx.database).db, b.transport, 'x@example.test', 5),
    ]);
    await other?.close();
    const subjects = [...a.sent, ...b.sent]
      .map((m) => m.subject)
      .filter((s) => s.startsWith('Test '))
      .sort();
    expect(subjects).toEqual(Array.from({ length: 12 }, (_, i) => `Test ${i}`).sort());
    const statuses = await rows<{ status: string }>(
      ctx.database.db,
      sql`SELECT status FROM email_archive WHERE id = ANY(${`{${ids.join(',')}}`}::bigint[])`,
    );
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
  });

  it('a mail SMTP refuses is retried and marked failed after 3 attempts', async () => {
    const stop = startMailOutbox(ctx.database.db, { transport: fakeTransport(true).transport, from: 'x@example.test', pollMs: 60_000 });
    const id = await ctx.database.db.transaction((tx) =>
      sendMail(tx, { to: 'nobody@example.test', subject: 'Refused', text: 'Hi', topic: 'test' }),
    );
    await stop();
    const failing = fakeTransport(true).transport;
    const statusOf = async () =>
      (
        await rows<{ status: string; attempts: number; lastError: string }>(
          ctx.database.db,
          sql`SELECT status, attempts, last_error AS "lastError" FROM email_archive WHERE id = ${id}`,
        )
      )[0];
    // The outbox may already have tried once before it stopped (its first run races the commit).
    const before = (await statusOf())?.attempts ?? 0;
    expect(before).toBeLessThanOrEqual(1);
    await deliverQueuedMail(ctx.database.db, failing, 'x@example.test');
    expect(await statusOf()).toMatchObject({ status: 'queued', attempts: before + 1, lastError: 'SMTP refused' });
    for (let attempt = before + 1; attempt < 3; attempt++) await deliverQueuedMail(ctx.database.db, failing, 'x@example.test');
    expect(await statusOf()).toMatchObject({ status: 'failed', attempts: 3 });
    await deliverQueuedMail(ctx.database.db, failing, 'x@example.test');
    expect((await statusOf())?.attempts).toBe(3);
  });

  it('the email archive shows a customer admin only its customer’s mail, with filters; others are refused', async () => {
    const { id } = await placeAndSend('kari', 1);
    const kariCustomer = locations.kari?.customerId;
    const own = await ctx.call('GET', '/api/EmailArchive?count=500', { token: tokens.kari });
    expect(own.status).toBe(200);
    expect(own.body.data.total).toBeGreaterThan(0);
    expect(own.body.data.items.every((m: { toCustomerId: number }) => m.toCustomerId === kariCustomer)).toBe(true);
    const byOrder = (await ctx.call('GET', `/api/EmailArchive?orderId=${id}&topic=purchase`, { token: tokens.kari })).body.data;
    expect(byOrder.items).toHaveLength(1);
    expect(byOrder.items[0]).toMatchObject({
      orderId: id,
      topic: 'purchase',
      sent: false,
      status: 'stored',
      fromLocationId: locations.kari?.id,
    });
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await ctx.call('GET', `/api/EmailArchive?orderId=${id}&dateFrom=${today}&dateTo=${today}`, { token: tokens.kari })).body.data.total,
    ).toBe(1);
    expect((await ctx.call('GET', `/api/EmailArchive?orderId=${id}&dateFrom=${tomorrow}`, { token: tokens.kari })).body.data.total).toBe(0);
    expect(
      (await ctx.call('GET', '/api/EmailArchive?topic=return', { token: tokens.kari })).body.data.items.every(
        (m: { toCustomerId: number }) => m.toCustomerId === kariCustomer,
      ),
    ).toBe(true);
    // Another customer's mail stays hidden even when asked for by id.
    const mikkoMail = (await ctx.call('GET', `/api/EmailArchive?toCustomerId=${locations.mikko?.customerId}`, { token: tokens.kari })).body
      .data;
    expect(mikkoMail.total).toBe(0);
    const admin = (
      await ctx.call('GET', `/api/EmailArchive?toCustomerId=${locations.mikko?.customerId}&topic=return`, { token: tokens.admin })
    ).body.data;
    expect(admin.total).toBeGreaterThan(0);

    expect((await ctx.call('GET', '/api/EmailArchive', { token: tokens.ole })).status).toBe(403);
    const range = await ctx.call('GET', `/api/EmailArchive?dateFrom=${tomorrow}&dateTo=${today}`, { token: tokens.kari });
    expect(range.status).toBe(400);
    expect(range.body.error.fields.dateTo).toBe('Fra-dato kan ikke være etter til-dato');
  });
});
