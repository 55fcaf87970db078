/**
 * The printable waybill (issue 3; spec section 5: "picked quantity missing is an error on the
 * waybill"): GET Waybill answers a PDF in the caller's language for a picked or later order,
 * with the same visibility as GET Orders/{id}, and a translated 409 when there is no waybill.
 * With WAYBILL_PDF_DIR set, the PDFs are also written there, to look at them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { toWinAnsi } from '../src/modules/documents/win-ansi.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import { pdfStreams, pdfText } from './pdf-text.js';

/** A 1x1 PNG. */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const nb = new Intl.NumberFormat('nb-NO');

describe.each(backends)('waybill (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'mikko', string> = { admin: '', kari: '', ole: '', mikko: '' };
  let kariLocationId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'mikko'] as const) tokens[name] = await ctx.login(name);
    kariLocationId = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id;
  });
  afterAll(() => ctx.close());

  /** The waybill of order `id` as `user`: status, headers, bytes and (for a PDF) its text. */
  const waybill = async (user: keyof typeof tokens, id: number) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/Waybill?id=${id}`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': 'en-US' },
    });
    const pdf = response.rawPayload;
    const isPdf = response.headers['content-type'] === 'application/pdf';
    if (isPdf && process.env.WAYBILL_PDF_DIR) fs.writeFileSync(path.join(process.env.WAYBILL_PDF_DIR, `waybill-${id}-${user}.pdf`), pdf);
    return {
      status: response.statusCode,
      headers: response.headers,
      pdf,
      text: isPdf ? pdfText(pdf) : '',
      body: isPdf ? null : response.json(),
    };
  };

  /** The first order of kari's location (the receiving side) in one of `statuses` of a purchase or sale. */
  const kariOrder = async (statuses: number[], extra = sql`true`) => {
    const [order] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT o.id FROM orders o WHERE o.location_id_to = ${kariLocationId} AND o.transaction_type_id IN (1, 2)
            AND o.transaction_status_id IN (${sql.join(
              statuses.map((s) => sql`${s}`),
              sql`, `,
            )}) AND ${extra} ORDER BY o.id LIMIT 1`,
    );
    expect(order, `an order of kari's location in status ${statuses}`).toBeDefined();
    return Number(order?.id);
  };
  const orderAs = async (user: keyof typeof tokens, id: number) =>
    (await ctx.call('GET', `/api/Orders/${id}`, { token: tokens[user] })).body.data;

  it('a sent order prints as a PDF in the caller’s language, with order number, receiver and picked quantities', async () => {
    const id = await kariOrder([4]);
    const order = await orderAs('kari', id);
    const answer = await waybill('kari', id);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`inline; filename="waybill-${id}.pdf"; filename*=UTF-8''waybill-${id}.pdf`);
    expect(answer.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // kari's stored language is Norwegian: it wins over the request's Accept-Language.
    expect(answer.text).toContain('FRAKTBREV');
    expect(answer.text).toMatch(new RegExp(`^${id}$`, 'm'));
    expect(answer.text).toContain(toWinAnsi(order.locationNameTo));
    expect(answer.text).toContain(toWinAnsi(order.locationNameFrom));
    // æ ø å come through the standard font's encoding.
    expect(answer.text).toContain('Sjåfør');
    expect(answer.text).toContain('LASTBÆRERE');
    const lines = answer.text.split('\n');
    for (const line of order.transactions) expect(lines).toContain(nb.format(line.quantityPicked));
    const total = order.transactions.reduce((sum: number, line: { quantityPicked: number }) => sum + line.quantityPicked, 0);
    expect(lines).toContain(`${nb.format(total)} stk.`);
    if (order.carNumber) expect(lines).toContain(order.carNumber);
    // The QR code of the order number is drawn, not an image; there is no signature yet.
    expect(pdfStreams(answer.pdf).some((s) => s.dictionary.includes('/Subtype /Image'))).toBe(false);
  });

  it('a picked order prints too, and a Finnish user gets the Finnish waybill', async () => {
    const id = await kariOrder([3]);
    expect((await waybill('kari', id)).status).toBe(200);
    const [finnish] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT o.id FROM orders o JOIN users u ON u.login_name = 'mikko'
          WHERE (o.location_id_from = u.location_id OR o.location_id_to = u.location_id) AND o.transaction_status_id IN (4, 5)
            AND (o.transaction_type_id = 3 OR NOT EXISTS (SELECT 1 FROM order_lines ol WHERE ol.order_id = o.id AND ol.quantity_picked IS NULL))
          ORDER BY o.id LIMIT 1`,
    );
    const answer = await waybill('mikko', Number(finnish?.id));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('RAHTIKIRJA');
    expect(answer.text).toContain('Vastaanottaja');
    expect(answer.text).toContain('Kuljettaja');
  });

  it('an order not picked yet has no waybill: 409 with the reason in the caller’s language', async () => {
    for (const status of [1, 2]) {
      const id = await kariOrder([status]);
      const answer = await waybill('kari', id);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({ type: 'WAYBILL', httpDescription: 'Conflict' });
      const label = status === 1 ? 'Bestilt' : 'Bekreftet';
      expect(answer.body.error.message).toBe(
        `Fraktbrevet kan ikke skrives ut: ordren har status ${label}; fraktbrevet kan skrives ut når ordren er plukket`,
      );
    }
    const [draft] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE location_id_to = ${kariLocationId} AND transaction_type_id = 1 AND transaction_status_id = 0 LIMIT 1`,
    );
    if (draft) expect((await waybill('kari', Number(draft.id))).status).toBe(409);
    const cancelled = await kariOrder([7]);
    expect((await waybill('kari', cancelled)).body.error.type).toBe('WAYBILL');
  });

  it('a line without a picked quantity is an error on the waybill, naming the product', async () => {
    const id = await kariOrder([4], sql`(SELECT count(*) FROM order_lines ol WHERE ol.order_id = o.id) >= 1`);
    const order = await orderAs('kari', id);
    const [first] = order.transactions;
    await ctx.database.db.execute(
      sql`UPDATE order_lines SET quantity_picked = NULL WHERE order_id = ${id} AND product_id = ${first.productId}`,
    );
    const answer = await waybill('kari', id);
    expect(answer.status).toBe(409);
    expect(answer.body.error.type).toBe('WAYBILL');
    expect(answer.body.error.message).toBe(`Fraktbrevet kan ikke skrives ut: plukket antall mangler for ${first.name}`);
    expect(answer.body.error.fields).toEqual({ 'transactions.0.quantityPicked': 'Fyll inn plukket antall' });
    await ctx.database.db.execute(
      sql`UPDATE order_lines SET quantity_picked = ${first.quantityPicked} WHERE order_id = ${id} AND product_id = ${first.productId}`,
    );
    expect((await waybill('kari', id)).status).toBe(200);
  });

  it('a delivery, registered as sent by its sender, prints the quantities it was sent with', async () => {
    const [delivery] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE transaction_type_id = 3 AND transaction_status_id = 4 ORDER BY id LIMIT 1`,
    );
    const id = Number(delivery?.id);
    await ctx.database.db.execute(sql`UPDATE order_lines SET quantity_picked = NULL WHERE order_id = ${id}`);
    const order = await orderAs('admin', id);
    const answer = await waybill('admin', id);
    expect(answer.status).toBe(200);
    const lines = answer.text.split('\n');
    for (const line of order.transactions) expect(lines).toContain(nb.format(line.quantityOrdered));
  });

  it('someone who may not see the order gets the same answer as GET Orders/{id}', async () => {
    const id = await kariOrder([4]);
    const hidden = await waybill('ole', id);
    const asOrder = await ctx.call('GET', `/api/Orders/${id}`, { token: tokens.ole });
    expect(asOrder.status).toBe(404);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toEqual(asOrder.body.error);
    expect((await waybill('ole', 999_999_999)).body.error).toEqual(hidden.body.error);
    // Provider staff see every order.
    expect((await waybill('admin', id)).status).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/Waybill?id=${id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a signature drawn in the portal is printed in the box of its signer’s side', async () => {
    const id = await kariOrder([4]);
    const saved = await ctx.call('POST', '/api/OrderSignature', {
      token: tokens.kari,
      body: { orderId: id, name: 'Kari Nordmann', image: PNG },
    });
    expect(saved.status).toBe(200);
    const answer = await waybill('kari', id);
    expect(answer.status).toBe(200);
    expect(pdfStreams(answer.pdf).some((s) => s.dictionary.includes('/Subtype /Image'))).toBe(true);
    const lines = answer.text.split('\n');
    // kari's location receives the order: her signature fills in the receiver's box.
    const receiverBox = lines.slice(lines.lastIndexOf('Mottaker'));
    expect(receiverBox.slice(0, 7)).toEqual([
      'Mottaker',
      'Signatur',
      'Signert i portalen',
      expect.stringMatching(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/),
      'Sted og dato',
      'Kari Nordmann',
      'Navn med blokkbokstaver',
    ]);
  });

  it('prints only what the standard font can show', () => {
    expect(toWinAnsi('Æøå ÄÖ é – “Šš” 1\u00a0200 10:30\u202fAM')).toBe('Æøå ÄÖ é – “Šš” 1\u00a0200 10:30 AM');
    expect(toWinAnsi('Łódź Kraków ő\u2212 €')).toBe('Lódz Kraków o- €');
    expect(toWinAnsi('東京 a\u0007b')).toBe('?? ab');
  });
});
