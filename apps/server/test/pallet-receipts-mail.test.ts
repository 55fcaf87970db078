/**
 * Pallet receipts' mail (issue 11 and 20; docs/pallet-receipts.md, "Mail and alerts"), over a real
 * SMTP server: a saved receipt is mailed to the location's order-confirmation address, and to the
 * counterparty's when it is told (at saving, or once provider staff approve a receipt to a
 * counterparty the location does not trade with), each in the language of its country; the
 * counterparty's mail carries a link of its own to confirm or object (never the dock's link the
 * writer holds), the location's the link to the receipt in the portal; each carries the PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { outboxIdle, plainText, startTestMail, type TestSmtpServer } from './smtp.js';

describe.each(backends)('pallet receipt mail (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let ole = '';
  let oleLocation = 0;
  let mikkoLocation = 0;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    ole = await ctx.login('ole');
    oleLocation = (await ctx.call('GET', '/api/location', { token: ole })).body.data.id;
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: await ctx.login('mikko') })).body.data.id;
    await ctx.database.db.execute(sql`UPDATE locations SET email_order_confirmation = 'rampe@tinde.test' WHERE id = ${oleLocation}`);
    await ctx.database.db.execute(
      sql`UPDATE locations SET email_order_confirmation = 'vastaanotto@pohjola.test' WHERE id = ${mikkoLocation}`,
    );
    // The portal's SMTP delivery (nodemailer and the outbox) to a real SMTP server.
    smtp = await startTestMail(ctx.database.db);
  });
  afterAll(async () => {
    await smtp?.close();
    await ctx?.close();
  });

  it('mails both parties in their own language: the counterparty with a link of its own once told, the location with the portal link', async () => {
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
    // ole's brewery does not trade with mikko's wholesaler: the receipt waits for the provider, and mikko's side is not told yet.
    expect(receipt.status).toBe('approval');
    await outboxIdle(ctx.database.db);
    const toLocation = smtp.received.find((m) => m.to.includes('rampe@tinde.test'));
    expect(toLocation).toBeDefined();
    expect(smtp.received.find((m) => m.to.includes('vastaanotto@pohjola.test'))).toBeUndefined();
    const norwegian = plainText(toLocation?.raw ?? '');
    expect(norwegian).toContain(`Pallekvittering ${receipt.receiptNumber}`);
    expect(norwegian).toContain('Nurminen Logistics');
    expect(norwegian).toContain(`/app/pallet-receipts/${receipt.id}`);
    expect(norwegian).toContain('venter på godkjenning fra leverandøren');
    expect(norwegian).not.toContain('/receipt/');
    const approved = await ctx.call('POST', '/api/PalletReceiptApproval', {
      token: await ctx.login('admin'),
      body: { id: receipt.id, approve: true, comment: 'Known haulier' },
    });
    expect(approved.status).toBe(200);
    await outboxIdle(ctx.database.db);
    const toCounterparty = smtp.received.find((m) => m.to.includes('vastaanotto@pohjola.test'));
    expect(toCounterparty).toBeDefined();
    const finnish = plainText(toCounterparty?.raw ?? '');
    expect(finnish).toContain(`Lavakuitti ${receipt.receiptNumber}`);
    expect(finnish).toContain('12 toimitettu, 5 palautettu');
    expect(finnish).toMatch(/\/receipt\/[\w-]{43}/);
    expect(finnish).not.toContain(receipt.qrUrl);
    expect(finnish).toContain(`/app/pallet-receipts/${receipt.id}`);
    // The email archive names the file sent with the mail.
    const [archived] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM email_archive WHERE to_address = 'rampe@tinde.test' ORDER BY id DESC LIMIT 1`,
    );
    const shown = await ctx.call('GET', `/api/EmailArchive/${archived?.id}`, { token: await ctx.login('admin') });
    expect(shown.body.data.attachments).toEqual([
      { fileName: `${receipt.receiptNumber}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(shown.body.data.attachments[0].size).toBeGreaterThan(1000);
    // Each mail carries the receipt's PDF.
    for (const mail of [toLocation, toCounterparty]) {
      expect(mail?.raw).toMatch(/Content-Type: application\/pdf;?\s*name="?[^\r\n]*\.pdf/i);
      expect(mail?.raw).toContain(`filename=${receipt.receiptNumber}.pdf`);
    }
  });

  it('mails an external counterparty at its own address, in its country’s language, with its own link and the PDF', async () => {
    const [product] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT p.id FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE p.active AND NOT ct.is_container ORDER BY p.id LIMIT 1`,
    );
    const [external] = await rows<{ id: number }>(
      ctx.database.db,
      sql`UPDATE external_locations SET email = 'gods@lager.test', country_id = 'SE'
          WHERE id = (SELECT e.id FROM external_locations e JOIN locations l ON l.customer_id = e.customer_id
                      WHERE l.id = ${oleLocation} AND e.active ORDER BY e.id LIMIT 1)
          RETURNING id`,
    );
    expect(external).toBeDefined();
    const { status, body } = await ctx.call('POST', '/api/PalletReceipts', {
      token: ole,
      body: {
        locationId: oleLocation,
        externalLocationId: Number(external?.id),
        haulier: 'Nurminen Logistics',
        carNumber: 'ABC-124',
        lines: [{ productId: Number(product?.id), delivered: 3, returned: 0 }],
      },
    });
    expect(status).toBe(200);
    await outboxIdle(ctx.database.db);
    const mail = smtp.received.find((m) => m.to.includes('gods@lager.test'));
    const swedish = plainText(mail?.raw ?? '');
    expect(swedish).toContain(`Pallkvitto ${body.data.receiptNumber}`);
    expect(swedish).toMatch(/\/receipt\/[\w-]{43}/);
    expect(swedish).not.toContain(body.data.qrUrl);
    expect(mail?.raw).toContain(`filename=${body.data.receiptNumber}.pdf`);
  });
});
