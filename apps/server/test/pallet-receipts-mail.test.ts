/**
 * Pallet receipts' mail (issue 11; docs/pallet-receipts.md, "Mail and alerts"), over a real SMTP
 * server: a saved receipt is mailed to both parties' order-confirmation addresses, each in the
 * language of its country; the counterparty's mail carries the QR link to confirm or object, the
 * location's the link to the receipt in the portal.
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { startMailOutbox } from '../src/modules/mail/outbox.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** A real SMTP server on a free local port that keeps every message it is given. */
async function startSmtpServer() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** The text/plain part of a raw MIME message, decoded (quoted-printable or base64). */
function plainText(raw: string): string {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => /^Content-Type: text\/plain/im.test(p)) ?? raw;
  const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

describe.each(backends)('pallet receipt mail (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let stopDelivery: () => Promise<void>;
  let ole = '';
  let oleLocation = 0;
  let mikkoLocation = 0;

  async function outboxIdle() {
    for (let i = 0; i < 200; i++) {
      const [pending] = await rows<{ n: number }>(
        ctx.database.db,
        sql`SELECT count(*)::int AS n FROM email_archive WHERE status IN ('queued', 'sending')`,
      );
      if (Number(pending?.n) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    ole = await ctx.login('ole');
    oleLocation = (await ctx.call('GET', '/api/location', { token: ole })).body.data.id;
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: await ctx.login('mikko') })).body.data.id;
    await ctx.database.db.execute(sql`UPDATE locations SET email_order_confirmation = 'rampe@tinde.test' WHERE id = ${oleLocation}`);
    await ctx.database.db.execute(
      sql`UPDATE locations SET email_order_confirmation = 'vastaanotto@pohjola.test' WHERE id = ${mikkoLocation}`,
    );
    smtp = await startSmtpServer();
    const transport = nodemailer.createTransport({ url: smtp.url });
    const stop = startMailOutbox(ctx.database.db, { transport, from: 'portal@example.test', pollMs: 100 });
    stopDelivery = async () => {
      await stop();
      transport.close();
    };
  });
  afterAll(async () => {
    await stopDelivery?.();
    await smtp?.close();
    await ctx?.close();
  });

  it('mails both parties in their own language: the counterparty with the QR link, the location with the portal link', async () => {
    const [product] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND NOT ct.is_container ORDER BY p.id LIMIT 1`,
    );
    const { status, body } = await ctx.call('POST', '/api/PalletReceipts', {
      token: ole,
      body: {
        locationId: oleLocation,
        counterpartyLocationId: mikkoLocation,
        haulier: 'Nurminen Logistics',
        carNumber: 'ABC-123',
        lines: [{ productId: Number(product?.id), delivered: 12, returned: 5 }],
      },
    });
    expect(status).toBe(200);
    const receipt = body.data;
    await outboxIdle();
    const toLocation = smtp.received.find((m) => m.to.includes('rampe@tinde.test'));
    const toCounterparty = smtp.received.find((m) => m.to.includes('vastaanotto@pohjola.test'));
    expect(toLocation).toBeDefined();
    expect(toCounterparty).toBeDefined();
    const norwegian = plainText(toLocation?.raw ?? '');
    expect(norwegian).toContain(`Pallekvittering ${receipt.receiptNumber}`);
    expect(norwegian).toContain('Nurminen Logistics');
    expect(norwegian).toContain(`/app/pallet-receipts/${receipt.id}`);
    expect(norwegian).not.toContain(receipt.qrUrl);
    const finnish = plainText(toCounterparty?.raw ?? '');
    expect(finnish).toContain(`Lavakuitti ${receipt.receiptNumber}`);
    expect(finnish).toContain('12 toimitettu, 5 palautettu');
    expect(finnish).toContain(receipt.qrUrl);
  });
});
