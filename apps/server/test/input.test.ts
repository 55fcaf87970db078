/**
 * Bad input gets 400, never 500 (issue 7; docs/domain.md, "Input"): unreal dates, integers
 * past their column's range, texts with NUL, broken multipart uploads, over-limit bodies and
 * the errors Fastify raises itself all answer in the portal's envelope, with the right status
 * and a message in the caller's language, and change nothing.
 */
import net from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('bad input (%s)', (kind) => {
  let ctx: TestContext;
  /** Global admin, language nb-NO; messages below are Norwegian unless the session says otherwise. */
  let admin: string;
  let kari: string;
  let kariOrderId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    admin = await ctx.login('admin');
    kari = await ctx.login('kari');
    const location = (await ctx.call('GET', '/api/location', { token: kari })).body.data;
    const [order] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE location_id_to = ${location.id} AND transaction_status_id <> 0 ORDER BY id LIMIT 1`,
    );
    kariOrderId = Number(order?.id);
  });
  afterAll(() => ctx.close());

  const count = async (table: 'orders' | 'order_comments' | 'attachments' | 'scheduled_orders') =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n);
  const anonymousCall = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { 'accept-language': 'sv-SE', ...headers } });

  describe('dates', () => {
    it('a send date that is not a real day (30 February) is refused with a field message and no order', async () => {
      const before = await count('orders');
      for (const dateSend of ['2026-02-30', '2026-13-01', '2027-02-29']) {
        const { status, body } = await ctx.call('POST', '/api/Orders', {
          token: kari,
          body: { transactionTypeId: 1, dateSend, lines: [{ productId: 1, quantityOrdered: 33 }], draft: true },
        });
        expect(status, dateSend).toBe(400);
        expect(body.error.type).toBe('VALIDATION');
        expect(body.error.fields.dateSend).toBe('Skriv datoen som åååå-MM-dd');
      }
      expect(await count('orders')).toBe(before);
    });

    it('date filters and months of the lookups take real dates only, from 1900 to 2999', async () => {
      const grid = await ctx.call('GET', '/api/Orders?sendLower=2026-02-30', { token: kari });
      expect(grid.status).toBe(400);
      expect(grid.body.error.fields.sendLower).toBe('Skriv datoen som åååå-MM-dd');
      const archive = await ctx.call('GET', '/api/EmailArchive?dateFrom=0000-01-01', { token: admin });
      expect(archive.status).toBe(400);
      const days = await ctx.call('GET', '/api/Days?from=0000-01&to=2026-01', { token: kari });
      expect(days.status).toBe(400);
      expect(days.body.error.fields.from).toBe('Skriv en dato mellom årene 1900 og 2999');
      const schedule = await ctx.call('POST', '/api/ScheduledOrders', {
        token: kari,
        body: {
          transactionTypeId: 1,
          intervalWeeks: 1,
          monday: true,
          tuesday: false,
          wednesday: false,
          thursday: false,
          friday: false,
          startDate: '2026-06-01',
          endDate: '2026-06-31',
          lines: [{ productId: 1, quantityOrdered: 33 }],
        },
      });
      expect(schedule.status).toBe(400);
      expect(schedule.body.error.fields.endDate).toBe('Skriv datoen som åååå-MM-dd');
    });

    it('an Excel import row dated past 2999 is a row problem, not an order no call can read back', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Orders');
      sheet.addRow(['Other party', 'Date', 'Product', 'Quantity']);
      sheet.addRow(['', '3000-01-06', 1, 33]);
      const body = multipart(
        { transactionTypeId: 1, preview: true },
        { name: 'orders.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) },
      );
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/OrdersImport',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${kari}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.rows[0].problems).toContain('«3000-01-06» er ikke en dato: bruk en Excel-dato eller åååå-mm-dd');
    });
  });

  describe('integers', () => {
    it('ids and filters past 2,147,483,647 answer 400 with a field message, in bodies, queries and paths', async () => {
      const switched = await ctx.call('POST', '/api/status', { token: admin, body: { customerId: 2_147_483_648 } });
      expect(switched.status).toBe(400);
      expect(switched.body.error.fields.customerId).toBe('Verdien er for stor');
      for (const url of [
        '/api/Orders?locationId=2147483648',
        '/api/Orders?transactionStatus=1,2147483648',
        '/api/Users?customerId=-2147483649',
        '/api/stockDetails?locationId=2147483648',
        '/api/ScheduledOrders/2147483648',
      ]) {
        const { status, body } = await ctx.call('GET', url, { token: admin });
        expect(status, url).toBe(400);
        expect(body.error.type, url).toBe('VALIDATION');
      }
      const before = await count('orders');
      const order = await ctx.call('POST', '/api/Orders', {
        token: kari,
        body: {
          transactionTypeId: 1,
          locationIdFrom: 2_147_483_648,
          dateSend: '2026-06-01',
          lines: [{ productId: 1, quantityOrdered: 33 }],
          draft: true,
        },
      });
      expect(order.status).toBe(400);
      expect(order.body.error.fields.locationIdFrom).toBe('Verdien er for stor');
      expect(await count('orders')).toBe(before);
    });

    it('an order id (a bigint column) past the int4 range is simply not found', async () => {
      for (const url of [
        '/api/Orders/2147483648',
        '/api/Orders/9007199254740991',
        '/api/Waybill?id=4294967296',
        '/api/OrderComments?orderId=2147483648',
      ]) {
        const { status, body } = await ctx.call('GET', url, { token: kari });
        expect(status, url).toBe(404);
        expect(body.error.type).toBe('NOT_FOUND');
      }
      expect((await ctx.call('GET', '/api/Orders/9007199254740993', { token: kari })).status).toBe(400);
    });

    it('a query integer is decimal digits: exponents, hex, NaN and Infinity are refused', async () => {
      for (const value of ['1e3', '0x10', 'NaN', 'Infinity', '1e308', '', '1.5']) {
        const { status, body } = await ctx.call('GET', `/api/Orders?count=${value}`, { token: kari });
        expect(status, value).toBe(400);
        expect(body.error.fields.count, value).toBe('Skriv et helt tall');
      }
      expect((await ctx.call('GET', '/api/Orders?count=-0', { token: kari })).status).toBe(400);
      expect((await ctx.call('GET', '/api/Orders?offset=-0&count=1', { token: kari })).status).toBe(200);
    });
  });

  describe('texts', () => {
    it('a sign-in name with a NUL byte is refused with a field message, not a database error', async () => {
      const { status, body } = await ctx.call('POST', '/api/Login', {
        body: { userLoginName: 'ka\u0000ri', password: 'demo1234' },
        headers: { 'accept-language': 'fi-FI' },
      });
      expect(status).toBe(400);
      expect(body.error.fields.userLoginName).toBe('Poista tekstistä ohjausmerkit (kuten NUL)');
    });

    it('comments, references, search terms and signature names with control characters are refused and store nothing', async () => {
      const comments = await count('order_comments');
      const comment = await ctx.call('POST', '/api/OrderComments', { token: kari, body: { orderId: kariOrderId, text: 'Ramp\u00003' } });
      expect(comment.status).toBe(400);
      expect(comment.body.error.fields.text).toBe('Fjern kontrolltegn (som NUL) fra teksten');
      expect(await count('order_comments')).toBe(comments);

      const attachments = await count('attachments');
      const signature = await ctx.call('POST', '/api/OrderSignature', {
        token: kari,
        body: { orderId: kariOrderId, name: 'Kari\u001bNordmann', image: 'data:image/png;base64,iVBORw0KGgo=' },
      });
      expect(signature.status).toBe(400);
      expect(signature.body.error.fields.name).toBe('Fjern kontrolltegn (som NUL) fra teksten');
      expect(await count('attachments')).toBe(attachments);

      for (const url of [
        '/api/Orders?term=%00',
        '/api/Orders?filterReference=a%00b',
        '/api/Customers?term=%00',
        '/api/ExternalLocations?term=%07',
      ]) {
        const { status, body } = await ctx.call('GET', url, { token: admin });
        expect(status, url).toBe(400);
        expect(Object.values(body.error.fields)).toEqual(['Fjern kontrolltegn (som NUL) fra teksten']);
      }
      const orders = await count('orders');
      const reference = await ctx.call('POST', '/api/Orders', {
        token: kari,
        body: {
          transactionTypeId: 1,
          referenceOwn: 'PO\u00001',
          dateSend: '2026-06-01',
          lines: [{ productId: 1, quantityOrdered: 33 }],
          draft: true,
        },
      });
      expect(reference.status).toBe(400);
      expect(reference.body.error.fields.referenceOwn).toBe('Fjern kontrolltegn (som NUL) fra teksten');
      expect(await count('orders')).toBe(orders);
    });

    it('tabs and line breaks are text, not control characters', async () => {
      const comment = await ctx.call('POST', '/api/OrderComments', {
        token: kari,
        body: { orderId: kariOrderId, text: 'Ramp 3\r\n\tbehind the gate' },
      });
      expect(comment.status).toBe(200);
    });
  });

  describe('broken multipart uploads', () => {
    const boundary = '----portalbroken';
    const upload = (url: string, payload: string | Buffer, contentType = `multipart/form-data; boundary=${boundary}`) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${kari}`, 'content-type': contentType } });
    const broken = [
      { label: 'no boundary', contentType: 'multipart/form-data', payload: 'x' },
      { label: 'an empty boundary', contentType: 'multipart/form-data; boundary=', payload: 'x' },
      {
        label: 'a truncated body',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then noth`,
      },
      { label: 'truncated part headers', payload: `--${boundary}\r\nContent-Disposition: form-da` },
    ];

    for (const url of ['/api/OrderAttachments?orderId=1', '/api/OrdersImport?transactionTypeId=1']) {
      it(`${url.split('?')[0]}: a form that cannot be read answers 400 with a field message and stores nothing`, async () => {
        const [attachments, orders] = [await count('attachments'), await count('orders')];
        for (const { label, payload, contentType } of broken) {
          const response = await upload(url, payload, contentType);
          expect(response.statusCode, label).toBe(400);
          expect(response.json().error.type, label).toBe('VALIDATION');
          expect(response.json().error.fields.body, label).toBe('Skjemaet kunne ikke leses. Send det på nytt med én fil.');
        }
        expect([await count('attachments'), await count('orders')]).toEqual([attachments, orders]);
      });

      it(`${url.split('?')[0]}: a part without a name is skipped, and a file sent as a text field is no file`, async () => {
        const nameless = await upload(url, `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`);
        expect(nameless.statusCode).toBe(400);
        expect(nameless.json().error.fields.file).toBe('Påkrevd');
        const body = multipart({ file: 'not a file' }, null);
        const textFile = await ctx.app.inject({
          method: 'POST',
          url,
          payload: body.payload,
          headers: { ...body.headers, authorization: `Bearer ${kari}` },
        });
        expect(textFile.statusCode).toBe(400);
        expect(textFile.json().error.fields.file).toBe('Påkrevd');
      });
    }

    it('a form with more parts than the limit answers 400, not 413 as a body error nor 500', async () => {
      const parts = Array.from(
        { length: 20 },
        (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${i}\r\n`,
      ).join('');
      const response = await upload('/api/OrderAttachments?orderId=1', `${parts}--${boundary}--\r\n`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.body).toBe('Skjemaet kunne ikke leses. Send det på nytt med én fil.');
    });
  });

  describe('errors Fastify raises itself', () => {
    it('a body over the limit answers 413 in the envelope, naming the limit in the caller’s language', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/Login',
        payload: Buffer.alloc(13 * 1024 * 1024, 0x20),
        headers: { 'content-type': 'application/json', 'accept-language': 'sv-SE' },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        error: { type: 'BODY_TOO_LARGE', message: 'Begäran är för stor. Gränsen är 12 MB.', httpDescription: 'Payload Too Large' },
        info: { userLogin: null },
      });
    });

    it('malformed or empty JSON answers 400 MALFORMED_REQUEST; another media type 415', async () => {
      const post = (payload: string, contentType: string) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/OrderComments',
          payload,
          headers: { authorization: `Bearer ${kari}`, 'content-type': contentType },
        });
      for (const payload of ['{"orderId":', '', '{"__proto__":{"x":1}}']) {
        const response = await post(payload, 'application/json');
        expect(response.statusCode, payload).toBe(400);
        expect(response.json().error.type).toBe('MALFORMED_REQUEST');
        expect(response.json().error.message).toBe('Forespørselen kunne ikke leses. Kontroller at den er fullstendig og riktig utformet.');
        expect(response.json().info.userLogin).toBe('kari');
      }
      const xml = await post('<comment/>', 'application/xml');
      expect(xml.statusCode).toBe(415);
      expect(xml.json().error).toMatchObject({
        type: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Dette kallet tar ikke imot data av denne typen.',
      });
    });

    it('bad percent-encoding in the path answers 400 BAD_URL, an over-long path parameter 414, both translated', async () => {
      const badUrl = await anonymousCall('/api/Orders/%zz');
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({
        error: { type: 'BAD_URL', message: 'Adressen är inte giltig.', httpDescription: 'Bad Request' },
        info: { userLogin: null },
      });
      const longParam = await anonymousCall(`/api/Orders/${'1'.repeat(200)}`, { 'accept-language': 'da-DK' });
      expect(longParam.statusCode).toBe(414);
      expect(longParam.json().error).toMatchObject({ type: 'URL_TOO_LONG', message: 'Adressen eller anmodningens headere er for lange.' });
    });

    it('a URL over Node’s header limit answers 431 in the envelope on a real connection', async () => {
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => {
          socket.write(`GET /api/Orders?term=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: fi-FI\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (chunk) => {
          data += chunk.toString();
        });
        socket.on('end', () => resolve(data));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body.error.type).toBe('URL_TOO_LONG');
      expect(body.info).toEqual({ userLogin: null });
    });
  });
});
