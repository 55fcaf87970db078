/**
 * Comments, attachments and signatures on orders (issue 3): only the order's parties see or
 * add them; files are told by their first bytes; the comment count follows the comments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

/** A 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(backends)('comments and attachments (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  let orderId: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    const kari = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data;
    const [order] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE location_id_to = ${kari.id} AND transaction_status_id <> 0 ORDER BY id LIMIT 1`,
    );
    orderId = Number(order?.id);
  });
  afterAll(() => ctx.close());

  const upload = (token: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer } | null) => {
    const body = multipart(fields, file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/OrderAttachments',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
  };
  const commentCount = async () =>
    (await ctx.call('GET', `/api/Orders/${orderId}`, { token: tokens.kari })).body.data.commentCount as number;
  const attachmentCount = async () => (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM attachments`))[0]?.n;

  it('a party adds a comment; it is listed with its author and the order counts it', async () => {
    const before = await commentCount();
    const saved = await ctx.call('POST', '/api/OrderComments', {
      token: tokens.kari,
      body: { orderId, text: '  Please deliver before noon  ' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ orderId, text: 'Please deliver before noon', userName: 'Kari Nordmann' });
    expect(await commentCount()).toBe(before + 1);
    const list = (await ctx.call('GET', `/api/OrderComments?orderId=${orderId}`, { token: tokens.kari })).body.data;
    expect(list).toHaveLength(before + 1);
    expect(list.at(-1).text).toBe('Please deliver before noon');
    const [stored] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM order_comments WHERE order_id = ${orderId}`,
    );
    expect(stored?.n).toBe(before + 1);
  });

  it('a new comment alerts the other party of the order, not the one who wrote it', async () => {
    const saved = await ctx.call('POST', '/api/OrderComments', { token: tokens.kari, body: { orderId, text: 'Ramp 3, please' } });
    expect(saved.status).toBe(200);
    const [order] = await rows<{ from: number; to: number }>(
      ctx.database.db,
      sql`SELECT location_id_from AS "from", location_id_to AS "to" FROM orders WHERE id = ${orderId}`,
    );
    const alerts = await rows<{ locationId: number; text: string }>(
      ctx.database.db,
      sql`SELECT location_id AS "locationId", text FROM alerts
          WHERE source = 'Order' AND source_id = ${orderId} AND title = 'order.comment' AND text LIKE '%Ramp 3%'`,
    );
    expect(alerts).toEqual([{ locationId: order?.from, text: 'Kari Nordmann: Ramp 3, please' }]);
    const own = (await ctx.call('GET', '/api/Alerts', { token: tokens.kari })).body.data as { title: string; text: string }[];
    expect(own.some((a) => a.title === 'order.comment' && a.text.includes('Ramp 3'))).toBe(false);
  });

  it('an empty or too long comment answers 400 with a field message and changes nothing', async () => {
    const before = await commentCount();
    const empty = await ctx.call('POST', '/api/OrderComments', { token: tokens.kari, body: { orderId, text: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.text).toBe('Påkrevd');
    const long = await ctx.call('POST', '/api/OrderComments', { token: tokens.kari, body: { orderId, text: 'x'.repeat(2001) } });
    expect(long.status).toBe(400);
    expect(long.body.error.fields.text).toBe('Skriv høyst 2000 tegn');
    expect(await commentCount()).toBe(before);
  });

  it('someone who is not a party of the order gets 404 and adds nothing', async () => {
    const before = await commentCount();
    expect((await ctx.call('GET', `/api/OrderComments?orderId=${orderId}`, { token: tokens.ole })).status).toBe(404);
    const post = await ctx.call('POST', '/api/OrderComments', { token: tokens.ole, body: { orderId, text: 'Not mine' } });
    expect(post.status).toBe(404);
    expect(await commentCount()).toBe(before);
    expect((await ctx.call('GET', `/api/OrderAttachments?orderId=${orderId}`, { token: tokens.ole })).status).toBe(404);
    const attachments = await attachmentCount();
    expect((await upload(tokens.ole, { orderId: String(orderId) }, { name: 'a.png', type: 'image/png', data: PNG })).statusCode).toBe(404);
    expect(await attachmentCount()).toBe(attachments);
  });

  it('attaches a PNG and a PDF, lists them and downloads the same bytes', async () => {
    const png = await upload(tokens.kari, { orderId: String(orderId) }, { name: 'delivery note.png', type: 'image/png', data: PNG });
    expect(png.statusCode).toBe(200);
    expect(png.json().data).toMatchObject({
      orderId,
      kind: 'file',
      fileName: 'delivery note.png',
      mime: 'image/png',
      sizeBytes: PNG.length,
      userName: 'Kari Nordmann',
    });
    // A PDF that calls itself a PNG is stored as what it is.
    const body = multipart({}, { name: 'scan.png', type: 'image/png', data: PDF });
    const pdf = await ctx.app.inject({
      method: 'POST',
      url: `/api/OrderAttachments?orderId=${orderId}`,
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens.kari}` },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().data).toMatchObject({ mime: 'application/pdf', fileName: 'scan.png.pdf' });

    const list = (await ctx.call('GET', `/api/OrderAttachments?orderId=${orderId}`, { token: tokens.kari })).body.data;
    expect(list.map((a: { id: number }) => a.id)).toEqual([png.json().data.id, pdf.json().data.id]);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/OrderAttachments/${png.json().data.id}`,
      headers: { authorization: `Bearer ${tokens.kari}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="delivery note.png"; filename*=UTF-8''delivery%20note.png`);
    expect(Buffer.compare(download.rawPayload, PNG)).toBe(0);
    // The order's other party sees it too; someone else does not.
    const admin = await ctx.app.inject({
      method: 'GET',
      url: `/api/OrderAttachments/${png.json().data.id}`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(admin.statusCode).toBe(200);
    const ole = await ctx.app.inject({
      method: 'GET',
      url: `/api/OrderAttachments/${png.json().data.id}`,
      headers: { authorization: `Bearer ${tokens.ole}` },
    });
    expect(ole.statusCode).toBe(404);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/OrderAttachments/${pdf.json().data.id}`,
      headers: { authorization: `Bearer ${tokens.kari}` },
    });
    expect(deleted.statusCode).toBe(200);
    const after = (await ctx.call('GET', `/api/OrderAttachments?orderId=${orderId}`, { token: tokens.kari })).body.data;
    expect(after.map((a: { id: number }) => a.id)).toEqual([png.json().data.id]);
  });

  it('refuses a .png that is really text, and a file above 10 MB, storing nothing', async () => {
    const before = await attachmentCount();
    const text = await upload(
      tokens.kari,
      { orderId: String(orderId) },
      { name: 'photo.png', type: 'image/png', data: Buffer.from('just some text, not a picture') },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error).toMatchObject({ type: 'FILE_TYPE', message: 'Bare PDF-, JPG-, PNG- og GIF-filer kan legges ved.' });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const large = await upload(tokens.kari, { orderId: String(orderId) }, { name: 'big.pdf', type: 'application/pdf', data: big });
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toMatchObject({ type: 'FILE_TOO_LARGE', message: 'Filen er for stor. Grensen er 10 MB.' });
    const missing = await upload(tokens.kari, { orderId: String(orderId) }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.file).toBe('Påkrevd');
    const noOrder = await upload(tokens.kari, {}, { name: 'a.png', type: 'image/png', data: PNG });
    expect(noOrder.statusCode).toBe(400);
    expect(noOrder.json().error.fields.orderId).toBe('Påkrevd');
    expect(await attachmentCount()).toBe(before);
  });

  it('stores a drawn signature with the signer’s name; only provider staff may remove it', async () => {
    const image = `data:image/png;base64,${PNG.toString('base64')}`;
    const saved = await ctx.call('POST', '/api/OrderSignature', { token: tokens.kari, body: { orderId, name: 'Kari Nordmann', image } });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ kind: 'signature', signerName: 'Kari Nordmann', mime: 'image/png' });
    const before = await attachmentCount();
    const notPng = await ctx.call('POST', '/api/OrderSignature', {
      token: tokens.kari,
      body: { orderId, name: 'Kari', image: `data:image/png;base64,${Buffer.from('not an image').toString('base64')}` },
    });
    expect(notPng.status).toBe(400);
    expect(notPng.body.error).toMatchObject({ type: 'SIGNATURE_FAILED', message: 'Kunne ikke lagre signaturen' });
    const notDataUrl = await ctx.call('POST', '/api/OrderSignature', {
      token: tokens.kari,
      body: { orderId, name: 'Kari', image: 'hello' },
    });
    expect(notDataUrl.status).toBe(400);
    expect(notDataUrl.body.error.fields.image).toBe('Signaturen må være et PNG-bilde');
    expect((await ctx.call('POST', '/api/OrderSignature', { token: tokens.ole, body: { orderId, name: 'Ole', image } })).status).toBe(404);
    expect(await attachmentCount()).toBe(before);

    const id = saved.body.data.id;
    const byKari = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/OrderAttachments/${id}`,
      headers: { authorization: `Bearer ${tokens.kari}` },
    });
    expect(byKari.statusCode).toBe(403);
    const byAdmin = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/OrderAttachments/${id}`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(byAdmin.statusCode).toBe(200);
  });
});
