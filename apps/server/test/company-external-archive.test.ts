/**
 * Company > External locations (DELETE ExternalLocations/{id}: deleted, or deactivated when
 * orders name it; the unique location number) and Company > Email archive (GET EmailArchive,
 * EmailArchive/{id}, EmailArchiveFilters): who sees which mails (kari her customer's, ole 403,
 * provider staff all), the filters, bad dates. docs/company-external-archive.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

interface Mail {
  id: number;
  topic: string;
  toCustomerId: number | null;
  toUserId: number | null;
  fromLocationId: number | null;
  status: string;
  sent: boolean;
  createdAt: string;
}

describe.each(backends)('company: external locations and email archive (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole' | 'staff', string> = { admin: '', kari: '', ole: '', staff: '' };
  let kariCustomer: number;
  let oleCustomer: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    const [staff] = await rows<{ loginName: string }>(
      ctx.database.db,
      sql`SELECT u.login_name AS "loginName" FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE c.is_provider AND NOT u.is_global_admin AND u.is_active AND u.confirmed_gdpr ORDER BY u.id LIMIT 1`,
    );
    tokens.staff = await ctx.login(staff?.loginName ?? '');
    kariCustomer = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.customerId;
    oleCustomer = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data.customerId;
  });
  afterAll(() => ctx.close());

  const archive = async (token: string, query = '') => ctx.call('GET', `/api/EmailArchive?count=500${query}`, { token });
  const remove = async (token: string, id: number | string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/ExternalLocations/${id}`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const customerOfLocation = async (id: number) =>
    Number((await rows<{ c: number }>(ctx.database.db, sql`SELECT customer_id AS c FROM locations WHERE id = ${id}`))[0]?.c);

  describe('email archive', () => {
    it('kari sees only mails to or from her customer; provider staff see every customer’s; ole is refused', async () => {
      const own = await archive(tokens.kari);
      expect(own.status).toBe(200);
      expect(own.body.data.total).toBeGreaterThan(0);
      for (const mail of own.body.data.items as Mail[]) {
        const fromOwn = mail.fromLocationId !== null && (await customerOfLocation(mail.fromLocationId)) === kariCustomer;
        expect(mail.toCustomerId === kariCustomer || fromOwn, `mail ${mail.id}`).toBe(true);
      }
      for (const who of ['admin', 'staff'] as const) {
        const all = await archive(tokens[who]);
        expect(all.status).toBe(200);
        expect(all.body.data.total).toBeGreaterThan(own.body.data.total);
        expect(new Set((all.body.data.items as Mail[]).map((m) => m.toCustomerId)).size).toBeGreaterThan(1);
      }
      for (const url of ['/api/EmailArchive', '/api/EmailArchiveFilters', `/api/EmailArchive/${own.body.data.items[0].id}`]) {
        const refused = await ctx.call('GET', url, { token: tokens.ole });
        expect(refused.status, url).toBe(403);
        expect(refused.body.error.type).toBe('FORBIDDEN');
      }
    });

    it('one mail opens with its text and HTML for its readers; another customer’s answers 404', async () => {
      const own = (await ctx.call('GET', '/api/EmailArchive?count=1', { token: tokens.kari })).body.data.items[0] as Mail;
      const mail = await ctx.call('GET', `/api/EmailArchive/${own.id}`, { token: tokens.kari });
      expect(mail.status).toBe(200);
      expect(mail.body.data).toMatchObject({ id: own.id, topic: own.topic, status: own.status });
      expect(mail.body.data.subject.length).toBeGreaterThan(0);
      expect(mail.body.data.body.length).toBeGreaterThan(0);
      expect(mail.body.data.html).toContain('<');
      const [foreign] = await rows<{ id: number }>(
        ctx.database.db,
        sql`SELECT e.id FROM email_archive e JOIN locations l ON l.id = e.from_location_id
            WHERE e.to_customer_id <> ${kariCustomer} AND l.customer_id <> ${kariCustomer} ORDER BY e.id LIMIT 1`,
      );
      expect((await ctx.call('GET', `/api/EmailArchive/${foreign?.id}`, { token: tokens.kari })).status).toBe(404);
      expect((await ctx.call('GET', '/api/EmailArchive/999999999', { token: tokens.kari })).status).toBe(404);
      expect((await ctx.call('GET', `/api/EmailArchive/${foreign?.id}`, { token: tokens.admin })).status).toBe(200);
      expect((await ctx.call('GET', '/api/EmailArchive/abc', { token: tokens.admin })).status).toBe(400);
    });

    it('the filter choices come from the caller’s own mails; customers only for provider staff', async () => {
      const kari = (await ctx.call('GET', '/api/EmailArchiveFilters', { token: tokens.kari })).body.data;
      expect(kari.customers).toEqual([]);
      expect(kari.topics.length).toBeGreaterThan(1);
      expect(kari.locations.length).toBeGreaterThan(0);
      for (const location of kari.locations as { id: number }[]) expect(await customerOfLocation(location.id)).toBe(kariCustomer);
      const admin = (await ctx.call('GET', '/api/EmailArchiveFilters', { token: tokens.admin })).body.data;
      expect(admin.customers.length).toBeGreaterThan(1);
      expect(admin.customers.map((c: { id: number }) => c.id)).toContain(kariCustomer);
      expect(admin.locations.length).toBeGreaterThan(kari.locations.length);
    });

    it('filters by topic, sent, to customer, to user, from location and date range', async () => {
      const filters = (await ctx.call('GET', '/api/EmailArchiveFilters', { token: tokens.kari })).body.data;
      const all = (await archive(tokens.kari)).body.data;
      for (const topic of filters.topics as string[]) {
        const list = (await archive(tokens.kari, `&topic=${topic}`)).body.data;
        expect(list.total).toBeGreaterThan(0);
        expect((list.items as Mail[]).every((m) => m.topic === topic)).toBe(true);
      }
      const sent = (await archive(tokens.kari, '&sent=true')).body.data;
      const unsent = (await archive(tokens.kari, '&sent=false')).body.data;
      expect(sent.total).toBeGreaterThan(0);
      expect(unsent.total).toBeGreaterThan(0);
      expect(sent.total + unsent.total).toBe(all.total);
      expect((sent.items as Mail[]).every((m) => m.sent && m.status === 'sent')).toBe(true);
      expect((unsent.items as Mail[]).every((m) => !m.sent && m.status !== 'sent')).toBe(true);
      const user = filters.users[0] as { id: number };
      expect(user).toBeDefined();
      const toUser = (await archive(tokens.kari, `&toUserId=${user.id}`)).body.data;
      expect(toUser.total).toBeGreaterThan(0);
      expect((toUser.items as Mail[]).every((m) => m.toUserId === user.id)).toBe(true);
      const location = filters.locations[0] as { id: number };
      const fromLocation = (await archive(tokens.kari, `&fromLocationId=${location.id}`)).body.data;
      expect(fromLocation.total).toBeGreaterThan(0);
      expect((fromLocation.items as Mail[]).every((m) => m.fromLocationId === location.id)).toBe(true);
      // To customer: provider staff narrow to one; kari asking for ole's customer finds nothing.
      const toOle = (await archive(tokens.admin, `&toCustomerId=${oleCustomer}`)).body.data;
      expect((toOle.items as Mail[]).every((m) => m.toCustomerId === oleCustomer)).toBe(true);
      expect((await archive(tokens.kari, `&toCustomerId=${oleCustomer}`)).body.data.total).toBe(0);
      // Date range: both days inclusive (the UTC day the mail was written).
      const newest = (all.items as Mail[])[0] as Mail;
      const day = newest.createdAt.slice(0, 10);
      const sameDay = (await archive(tokens.kari, `&dateFrom=${day}&dateTo=${day}`)).body.data;
      expect((sameDay.items as Mail[]).map((m) => m.id)).toContain(newest.id);
      expect((sameDay.items as Mail[]).every((m) => m.createdAt.slice(0, 10) === day)).toBe(true);
      const older = (all.items as Mail[]).at(-1) as Mail;
      const to = older.createdAt.slice(0, 10);
      const untilOlder = (await archive(tokens.kari, `&dateTo=${to}`)).body.data;
      expect((untilOlder.items as Mail[]).every((m) => m.createdAt.slice(0, 10) <= to)).toBe(true);
      expect(untilOlder.total).toBeLessThan(all.total);
    });

    it('bad dates answer 400 with a translated field message', async () => {
      const range = await archive(tokens.kari, '&dateFrom=2026-05-02&dateTo=2026-05-01');
      expect(range.status).toBe(400);
      expect(range.body.error.fields.dateTo).toBe('Fra-dato kan ikke være etter til-dato');
      for (const bad of ['dateFrom=2026-02-30', 'dateTo=01.05.2026', 'dateFrom=0000-01-01']) {
        const answer = await archive(tokens.kari, `&${bad}`);
        expect(answer.status, bad).toBe(400);
        expect(Object.keys(answer.body.error.fields ?? {}).length, bad).toBe(1);
      }
    });
  });

  describe('external locations', () => {
    const external = (overrides: Record<string, unknown> = {}) => ({
      name: 'Byggvare Lager Sør',
      locationNumber: `EXT-${Math.random().toString(36).slice(2, 10)}`,
      countryId: 'NO',
      contactName: 'Per Hansen',
      ...overrides,
    });
    const list = async (token: string) =>
      (await ctx.call('GET', '/api/ExternalLocations?includeInactive=true', { token })).body.data as { id: number; active: boolean }[];

    it('kari adds one; a location number in use answers 409 "Location number already exists"', async () => {
      const created = await ctx.call('POST', '/api/ExternalLocations', { token: tokens.kari, body: external() });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({ customerId: kariCustomer, active: true });
      const twice = await ctx.call('POST', '/api/ExternalLocations', {
        token: tokens.kari,
        body: external({ locationNumber: created.body.data.locationNumber }),
      });
      expect(twice.status).toBe(409);
      expect(twice.body.error.fields.locationNumber).toBe('Lokasjonsnummeret finnes allerede');
    });

    it('keeps an e-mail address for the receipts written with it, and refuses one that is no address', async () => {
      const created = await ctx.call('POST', '/api/ExternalLocations', {
        token: tokens.kari,
        body: external({ email: 'lager@byggvare.test' }),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data.email).toBe('lager@byggvare.test');
      const bad = await ctx.call('POST', '/api/ExternalLocations', { token: tokens.kari, body: external({ email: 'lager at byggvare' }) });
      expect(bad.status).toBe(400);
      expect(typeof bad.body.error.fields.email).toBe('string');
      expect(bad.body.error.fields.email).not.toMatch(/^companyUsers\./);
    });

    it('delete removes one no order names; one that orders name is deactivated instead', async () => {
      const created = (await ctx.call('POST', '/api/ExternalLocations', { token: tokens.kari, body: external() })).body.data;
      const deleted = await remove(tokens.kari, created.id);
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toEqual({ id: created.id, outcome: 'deleted' });
      expect((await list(tokens.kari)).map((e) => e.id)).not.toContain(created.id);
      expect((await remove(tokens.kari, created.id)).status).toBe(404);

      const [used] = await rows<{ id: number; customerId: number }>(
        ctx.database.db,
        sql`SELECT e.id, e.customer_id AS "customerId" FROM external_locations e
            WHERE e.active AND EXISTS (SELECT 1 FROM orders o WHERE o.external_location_id_to = e.id)
            ORDER BY (e.customer_id = ${kariCustomer}) DESC, e.id LIMIT 1`,
      );
      expect(used).toBeDefined();
      // Whoever manages that customer's external locations: kari, or provider staff acting for it.
      const token = Number(used?.customerId) === kariCustomer ? tokens.kari : await actingFor(Number(used?.customerId));
      const ordersBefore = await ordersOf(Number(used?.id));
      const deactivated = await remove(token, Number(used?.id));
      expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
      expect(deactivated.body.data).toEqual({ id: Number(used?.id), outcome: 'deactivated' });
      expect((await list(token)).find((e) => e.id === Number(used?.id))).toMatchObject({ active: false });
      expect(await ordersOf(Number(used?.id))).toBe(ordersBefore);
    });

    it('another customer’s answers 404 and changes nothing; a user without Delivery gets 403', async () => {
      const [foreign] = await rows<{ id: number }>(
        ctx.database.db,
        sql`SELECT id FROM external_locations WHERE customer_id <> ${kariCustomer} ORDER BY id LIMIT 1`,
      );
      expect((await remove(tokens.kari, Number(foreign?.id))).status).toBe(404);
      expect(
        (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM external_locations WHERE id = ${foreign?.id}`))[0]
          ?.n,
      ).toBe(1);
      expect((await remove(tokens.kari, 'x')).status).toBe(400);
      const [user] = await rows<{ id: number; loginName: string }>(
        ctx.database.db,
        sql`SELECT id, login_name AS "loginName" FROM users
            WHERE customer_id = ${kariCustomer} AND is_active AND confirmed_gdpr AND NOT is_customer_admin ORDER BY id LIMIT 1`,
      );
      await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = ${user?.id}`);
      await ctx.database.db.execute(sql`INSERT INTO user_tasks (user_id, task) VALUES (${user?.id}, 'REPORTS')`);
      const reportsOnly = await ctx.login(user?.loginName ?? '');
      const own = (await list(tokens.kari))[0];
      expect((await remove(reportsOnly, Number(own?.id))).status).toBe(403);
      expect((await list(tokens.kari)).map((e) => e.id)).toContain(own?.id);
    });

    /** How many orders name the external location as receiver. */
    async function ordersOf(id: number) {
      return Number(
        (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE external_location_id_to = ${id}`))[0]
          ?.n,
      );
    }
    /** A token of the admin switched to act for `customerId`. */
    async function actingFor(customerId: number) {
      const token = await ctx.login('admin');
      const switched = await ctx.call('POST', '/api/status', { token, body: { customerId } });
      expect(switched.status, JSON.stringify(switched.body)).toBe(200);
      return token;
    }
  });
});
