/**
 * My company > Company (issue 9; spec sections 3, 5 and 8): the company information and the logo
 * (docs/company-users.md). kari administers Fjordland Dagligvare; ole and lise administer
 * nothing; admin is a global admin. The logo is told by its content, served to the customer's
 * own users only, and printed on the waybill when pdfkit can draw it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

/** The demo users write Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');
/** A 1x1 PNG (RGBA). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe.each(backends)('my company: company information and logo (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'lise', string> = { admin: '', kari: '', ole: '', lise: '' };
  let kari: { customerId: number };

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole', 'lise'] as const) tokens[name] = await ctx.login(name);
    const [u] = await rows<{ customerId: number }>(
      ctx.database.db,
      sql`SELECT customer_id AS "customerId" FROM users WHERE login_name = 'kari'`,
    );
    kari = { customerId: Number(u?.customerId) };
  });
  afterAll(() => ctx.close());

  const del = (token: string, url: string) => ctx.app.inject({ method: 'DELETE', url, headers: { authorization: `Bearer ${token}` } });
  const upload = (token: string, name: string, data: Buffer) => {
    const form = multipart({}, { name, data });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/CompanyLogo',
      headers: { ...form.headers, authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      payload: form.payload,
    });
  };
  describe('who may administer', () => {
    it('answers 403 to a user who is no admin, and writes nothing', async () => {
      const before = await ctx.call('GET', '/api/Company', { token: tokens.kari });
      for (const name of ['ole', 'lise'] as const) {
        const token = tokens[name];
        expect((await ctx.call('GET', '/api/Company', { token })).status).toBe(403);
        expect((await ctx.call('POST', '/api/Company', { token, body: { phone: '1' } })).status).toBe(403);
        expect((await upload(token, 'logo.png', PNG)).statusCode).toBe(403);
        expect((await del(token, '/api/CompanyLogo')).statusCode).toBe(403);
      }
      expect((await ctx.call('GET', '/api/Company', { token: tokens.kari })).body).toEqual(before.body);
    });

    it('lets kari read her own company, and a global admin the customer she acts for after a switch', async () => {
      const info = await ctx.call('GET', '/api/Company', { token: tokens.kari });
      expect(info.status).toBe(200);
      expect(info.body.data).toMatchObject({ id: kari.customerId, name: 'Fjordland Dagligvare AS' });
      const own = await ctx.call('GET', '/api/Company', { token: tokens.admin });
      expect(own.body.data.name).toBe('Nordic Pallet Pool AS');
      const token = await ctx.login('admin');
      expect((await ctx.call('POST', '/api/status', { token, body: { customerId: kari.customerId } })).status).toBe(200);
      const switched = await ctx.call('GET', '/api/Company', { token });
      expect(switched.body.data).toMatchObject({ id: kari.customerId, name: 'Fjordland Dagligvare AS' });
    });
  });

  describe('company information', () => {
    it('saves the six fields, clears empty ones, and refuses an email that is no email', async () => {
      const body = {
        contactEmail: 'post@fjordland.example',
        invoiceEmail: 'faktura@fjordland.example',
        orderConfirmedEmail: 'ordre@fjordland.example',
        purchaseEmail: '',
        invoiceReference: 'REF-77',
        phone: '+47 22 33 44 55',
      };
      const saved = await ctx.call('POST', '/api/Company', { token: tokens.kari, body });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ ...body, purchaseEmail: null });
      const bad = await ctx.call('POST', '/api/Company', {
        token: tokens.kari,
        body: { ...body, invoiceEmail: 'not an email', phone: '1' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toEqual({ invoiceEmail: nb('companyUsers.invalidEmail') });
      expect((await ctx.call('GET', '/api/Company', { token: tokens.kari })).body.data).toMatchObject({ ...body, purchaseEmail: null });
    });
  });

  describe('logo', () => {
    /** How many images the waybill of a sent order of kari's customer (one without signatures) holds. */
    const waybillImages = async () => {
      const [order] = await rows<{ id: number }>(
        ctx.database.db,
        sql`SELECT o.id FROM orders o JOIN locations l ON l.id = o.location_id_from
            WHERE l.customer_id = ${kari.customerId} AND o.transaction_status_id IN (4, 5)
              AND NOT EXISTS (SELECT 1 FROM attachments a WHERE a.order_id = o.id AND a.kind = 'signature')
            ORDER BY o.id LIMIT 1`,
      );
      const pdf = await ctx.app.inject({
        method: 'GET',
        url: `/api/Waybill?id=${order?.id}`,
        headers: { authorization: `Bearer ${tokens.kari}` },
      });
      expect(pdf.statusCode).toBe(200);
      return pdf.rawPayload.toString('latin1').split('/Subtype /Image').length - 1;
    };
    it('takes a PNG by content, serves it to the customer only, prints it on the waybill, and deletes it', async () => {
      const without = await waybillImages();

      const uploaded = await upload(tokens.kari, 'logo.png', PNG);
      expect(uploaded.statusCode).toBe(200);
      const version = uploaded.json().data.logoVersion;
      expect(version).toMatch(/^[0-9a-f]{16}$/);
      const status = await ctx.call('GET', '/api/Status', { token: tokens.kari });
      expect(status.body.data.status?.customer?.logoVersion ?? status.body.data.customer?.logoVersion).toBe(version);
      const logo = await ctx.app.inject({
        method: 'GET',
        url: `/api/CompanyLogo?v=${version}`,
        headers: { authorization: `Bearer ${tokens.kari}` },
      });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.headers['cache-control']).toContain('private');
      expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
      // ole's customer has no logo: he never sees kari's.
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/CompanyLogo', headers: { authorization: `Bearer ${tokens.ole}` } })).statusCode,
      ).toBe(404);
      // pdfkit draws a PNG with transparency as an image and its mask.
      expect(await waybillImages()).toBeGreaterThan(without);

      const deleted = await del(tokens.kari, '/api/CompanyLogo');
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json().data.logoVersion).toBeNull();
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/CompanyLogo', headers: { authorization: `Bearer ${tokens.kari}` } })).statusCode,
      ).toBe(404);
      expect(await waybillImages()).toBe(without);
    });

    it('takes GIF and WebP logos by content, but leaves them off the waybill (pdfkit draws PNG and JPEG only)', async () => {
      const without = await waybillImages();
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      // A RIFF container of form type WEBP (the header is what tells the type).
      const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.alloc(18)]);
      for (const [name, data, mime] of [
        ['logo.gif', gif, 'image/gif'],
        ['logo.webp', webp, 'image/webp'],
      ] as const) {
        expect((await upload(tokens.kari, name, data)).statusCode, name).toBe(200);
        const logo = await ctx.app.inject({ method: 'GET', url: '/api/CompanyLogo', headers: { authorization: `Bearer ${tokens.kari}` } });
        expect(logo.headers['content-type']).toBe(mime);
        expect(await waybillImages(), name).toBe(without);
      }
      await del(tokens.kari, '/api/CompanyLogo');
    });

    it('refuses a text file named like an image, and keeps the logo it had', async () => {
      expect((await upload(tokens.kari, 'logo.png', PNG)).statusCode).toBe(200);
      const refused = await upload(tokens.kari, 'logo.png', Buffer.from('just some text, not an image'));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ file: nb('companyUsers.logoNotImage') });
      const logo = await ctx.app.inject({ method: 'GET', url: '/api/CompanyLogo', headers: { authorization: `Bearer ${tokens.kari}` } });
      expect(Buffer.compare(logo.rawPayload, PNG)).toBe(0);
      expect((await upload(tokens.kari, 'big.png', Buffer.concat([PNG, Buffer.alloc(600 * 1024)]))).statusCode).toBe(413);
      await del(tokens.kari, '/api/CompanyLogo');
    });
  });
});
