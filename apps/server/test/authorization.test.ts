/**
 * Authorization on the server, not only in the menu (issue 7): an order's parties follow one
 * rule wherever an order is placed; the menu rules of spec section 6 hold for every call behind
 * a menu area; a user who has not confirmed GDPR reaches only the gdpr page's calls; the
 * standard agreement is accepted by whoever may sign for the company.
 */
import { nextOpenDay } from '@portal/domain/calendar';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

const en = translator('en-US');

/** An .xlsx with a header row and the data rows (other party, date, product, quantity). */
async function xlsx(data: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of [['Other party', 'Date', 'Product', 'Quantity'], ...data]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe.each(backends)('authorization on the server (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  /** Acting locations of the demo users. */
  const at: Record<string, { id: number; number: string; customerId: number }> = {};
  const depot: Record<'oslo' | 'goteborg' | 'stockholm', number> = { oslo: 0, goteborg: 0, stockholm: 0 };
  /** Another active location of kari's customer. */
  let kariOther: { id: number; number: string };
  let eurA: number;
  let sendDate: string;
  let sendDateSe: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    const db = ctx.database.db;
    // English messages for the assertions.
    await db.execute(sql`UPDATE users SET language = 'en-US' WHERE login_name IN ('admin', 'kari', 'ole', 'lise', 'mikko')`);
    for (const name of ['admin', 'kari', 'ole', 'lise']) {
      tokens[name] = await ctx.login(name);
      at[name] = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
    }
    const depots = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM locations WHERE type_id = 'NLP'`);
    const depotId = (city: string) => Number(depots.find((d) => d.name.endsWith(city))?.id);
    depot.oslo = depotId('Oslo');
    depot.goteborg = depotId('Göteborg');
    depot.stockholm = depotId('Stockholm');
    [kariOther] = (await rows<{ id: number; number: string }>(
      db,
      sql`SELECT id, number FROM locations WHERE customer_id = ${at.kari?.customerId} AND status_id = 1 AND id <> ${at.kari?.id} ORDER BY id LIMIT 1`,
    )) as [{ id: number; number: string }];
    const [product] = await rows<{ id: number }>(db, sql`SELECT id FROM products WHERE name = 'EUR pallet, quality A'`);
    eurA = Number(product?.id);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const closures = async (country: string) =>
      new Set(
        (await rows<{ day: string }>(db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = ${country}`)).map(
          (c) => c.day,
        ),
      );
    sendDate = nextOpenDay(tomorrow, 'NO', await closures('NO'));
    sendDateSe = nextOpenDay(tomorrow, 'SE', await closures('SE'));
  });
  afterAll(() => ctx.close());

  const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, url, { token: tokens[who], body });
  const order = (who: string, body: Record<string, unknown>) =>
    call(who, 'POST', '/api/Orders', { dateSend: sendDate, draft: false, lines: [{ productId: eurA, quantityOrdered: 15 }], ...body });
  const count = async (table: 'orders' | 'alerts' | 'scheduled_orders') =>
    (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]?.n ?? 0;
  const importFile = async (who: string, fields: Record<string, string | number | boolean>, data: Buffer) => {
    const body = multipart(fields, { name: 'orders.xlsx', data });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/OrdersImport',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${tokens[who]}` },
    });
    return { status: response.statusCode, body: response.json() };
  };

  describe("an order's parties", () => {
    it('a purchase comes from a provider depot: "from" another customer’s location is refused with a field message, writes nothing and alerts nobody', async () => {
      const before = { orders: await count('orders'), alerts: await count('alerts') };
      const refused = await order('ole', { transactionTypeId: 1, locationIdFrom: at.kari?.id });
      expect(refused.status).toBe(400);
      expect(refused.body.error.type).toBe('VALIDATION');
      expect(refused.body.error.fields).toEqual({ locationIdFrom: en('validation.partyDepot') });
      const draft = await order('ole', { transactionTypeId: 1, locationIdFrom: at.kari?.id, draft: true });
      expect(draft.status).toBe(400);
      expect({ orders: await count('orders'), alerts: await count('alerts') }).toEqual(before);

      const fromDepot = await order('ole', { transactionTypeId: 1, locationIdFrom: depot.oslo });
      expect(fromDepot.status, JSON.stringify(fromDepot.body)).toBe(200);
      expect(fromDepot.body.data.locationIdFrom).toBe(depot.oslo);
      const byDefault = await order('ole', { transactionTypeId: 1 });
      expect(byDefault.body.data.locationIdFrom).toBe(depot.oslo);
    });

    it('a sale goes to a provider depot, a delivery to a customer location (a returns-scheme sender also to a sorting depot)', async () => {
      const sale = await order('ole', { transactionTypeId: 2, locationIdTo: at.kari?.id });
      expect(sale.status).toBe(400);
      expect(sale.body.error.fields).toEqual({ locationIdTo: en('validation.partyDepot') });

      const toDepot = await order('ole', { transactionTypeId: 3, locationIdTo: depot.oslo });
      expect(toDepot.status).toBe(400);
      expect(toDepot.body.error.fields).toEqual({ locationIdTo: en('validation.partyDelivery') });
      expect((await order('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id })).status).toBe(200);

      // lise's store is in the returns scheme: its returns go to a sorting depot as deliveries.
      const lise = (body: Record<string, unknown>) => order('lise', { transactionTypeId: 3, dateSend: sendDateSe, ...body });
      const toPlainDepot = await lise({ locationIdTo: depot.stockholm });
      expect(toPlainDepot.status).toBe(400);
      expect(toPlainDepot.body.error.fields).toEqual({ locationIdTo: en('validation.partyDeliveryReturns') });
      const toSorting = await lise({ locationIdTo: depot.goteborg });
      expect(toSorting.status, JSON.stringify(toSorting.body)).toBe(200);
      expect(toSorting.body.data.transactionStatusId).toBe(4);
    });

    it('a scheduled purchase follows the same rule', async () => {
      const before = await count('scheduled_orders');
      const schedule = (locationIdFrom: number) =>
        call('ole', 'POST', '/api/ScheduledOrders', {
          transactionTypeId: 1,
          locationIdFrom,
          intervalWeeks: 1,
          monday: true,
          tuesday: false,
          wednesday: false,
          thursday: false,
          friday: false,
          startDate: sendDate,
          lines: [{ productId: eurA, quantityOrdered: 15 }],
        });
      const refused = await schedule(at.kari?.id as number);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ locationIdFrom: en('validation.partyDepot') });
      expect(await count('scheduled_orders')).toBe(before);
      expect((await schedule(depot.oslo)).status).toBe(200);
    });

    it('the Excel import judges the other party from the import’s customer side, as POST Orders does', async () => {
      // kari acts at one location and imports deliveries for another of the customer's: her
      // acting location is a fine receiver for them, as POST Orders agrees.
      const file = await xlsx([[at.kari?.number as string, sendDate, eurA, 15]]);
      const preview = await importFile('kari', { transactionTypeId: 3, locationId: kariOther.id, preview: true }, file);
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      expect(preview.body.data.rows[0].problems).toEqual([]);
      const placed = await order('kari', { transactionTypeId: 3, locationIdFrom: kariOther.id, locationIdTo: at.kari?.id });
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      // ...and the customer side itself is never its own other party.
      const self = await importFile(
        'kari',
        { transactionTypeId: 3, locationId: kariOther.id, preview: true },
        await xlsx([[kariOther.number, sendDate, eurA, 15]]),
      );
      expect(self.body.data.rows[0].problems).toEqual([en('import.problems.counterpartSelf')]);
    });
  });

  describe('menu rules on the server (spec section 6)', () => {
    it('a returns-scheme location places no purchases or sales, by any way an order is placed', async () => {
      const before = { orders: await count('orders'), schedules: await count('scheduled_orders') };
      const purchase = await order('lise', { transactionTypeId: 1, dateSend: sendDateSe });
      expect(purchase.status).toBe(403);
      expect(purchase.body.error.type).toBe('FORBIDDEN');
      expect((await order('lise', { transactionTypeId: 2, dateSend: sendDateSe, draft: true })).status).toBe(403);
      const scheduled = await call('lise', 'POST', '/api/ScheduledOrders', {
        transactionTypeId: 1,
        intervalWeeks: 1,
        monday: true,
        tuesday: false,
        wednesday: false,
        thursday: false,
        friday: false,
        startDate: sendDateSe,
        lines: [{ productId: eurA, quantityOrdered: 15 }],
      });
      expect(scheduled.status).toBe(403);
      const imported = await importFile('lise', { transactionTypeId: 1, preview: true }, await xlsx([['', sendDateSe, eurA, 15]]));
      expect(imported.status).toBe(403);
      expect({ orders: await count('orders'), schedules: await count('scheduled_orders') }).toEqual(before);
      // Nor does the calls behind those menus answer: the depot picker, the scheduled lists, the template.
      expect((await call('lise', 'GET', '/api/locations?transactiontype=1')).status).toBe(403);
      expect((await call('lise', 'GET', '/api/ScheduledOrders?transactionTypeId=2')).status).toBe(403);
      expect((await call('lise', 'GET', '/api/OrdersImportTemplate?transactionTypeId=1')).status).toBe(403);
      // What lise's menu offers still works.
      expect((await call('lise', 'GET', '/api/locations?transactiontype=3')).status).toBe(200);
      expect((await call('lise', 'GET', `/api/Orders?locationId=${at.lise?.id}`)).status).toBe(200);
    });

    it('nor does a user of another location place them for a returns-scheme location in scope', async () => {
      // The provider's admin may act for any location: the location's menu still decides.
      const purchase = await order('admin', { transactionTypeId: 1, locationIdTo: at.lise?.id, dateSend: sendDateSe });
      expect(purchase.status).toBe(403);
      const delivery = await order('admin', {
        transactionTypeId: 3,
        locationIdFrom: at.lise?.id,
        locationIdTo: depot.goteborg,
        dateSend: sendDateSe,
      });
      expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
    });

    it('a user whose menu has no order list reaches no order call', async () => {
      // A seeded user of kari's customer, left with the Reports task only.
      const [user] = await rows<{ id: number; loginName: string }>(
        ctx.database.db,
        sql`SELECT id, login_name AS "loginName" FROM users
            WHERE customer_id = ${at.kari?.customerId} AND is_active AND confirmed_gdpr AND NOT is_customer_admin ORDER BY id LIMIT 1`,
      );
      expect(user).toBeDefined();
      await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = ${user?.id}`);
      await ctx.database.db.execute(sql`INSERT INTO user_tasks (user_id, task) VALUES (${user?.id}, 'REPORTS')`);
      const name = user?.loginName as string;
      tokens[name] = await ctx.login(name);
      const [visible] = await rows<{ id: number }>(
        ctx.database.db,
        sql`SELECT id FROM orders WHERE location_id_to = ${at.kari?.id} AND transaction_status_id = 5 ORDER BY id LIMIT 1`,
      );
      for (const url of [
        '/api/Orders',
        '/api/ExternalOrders',
        `/api/Orders/${visible?.id}`,
        `/api/OrderComments?orderId=${visible?.id}`,
        `/api/OrderAttachments?orderId=${visible?.id}`,
        `/api/Waybill?id=${visible?.id}`,
        `/api/OrderFill?id=${visible?.id}`,
        '/api/ScheduledOrders',
        '/api/ExternalLocations',
      ]) {
        const answer = await call(name, 'GET', url);
        expect(answer.status, url).toBe(403);
      }
      expect((await call(name, 'POST', '/api/OrderComments', { orderId: visible?.id, text: 'Hello' })).status).toBe(403);
      expect((await order(name, { transactionTypeId: 3, locationIdTo: at.ole?.id })).status).toBe(403);
      // Reports still shows the stock, and the start page its widget.
      expect((await call(name, 'GET', '/api/stockDetails')).status).toBe(200);
      expect((await call(name, 'GET', '/api/Widgets/volume')).status).toBe(200);
    });

    it('a status step needs the menu area it belongs to', async () => {
      // A delivery to kari's location; the receiver's steps are Reception's.
      const sent = await order('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id });
      const id = sent.body.data.id;
      await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'kari')`);
      await ctx.database.db.execute(sql`INSERT INTO user_tasks (user_id, task) SELECT id, 'ORDER' FROM users WHERE login_name = 'kari'`);
      const kari = await ctx.login('kari');
      const refused = await ctx.call('POST', '/api/OrderStatus', { token: kari, body: { id, transactionStatusId: 5 } });
      expect(refused.status).toBe(403);
      expect(refused.body.error.type).toBe('FORBIDDEN');
      await ctx.database.db.execute(sql`DELETE FROM user_tasks WHERE user_id = (SELECT id FROM users WHERE login_name = 'kari')`);
      const allowed = await ctx.call('POST', '/api/OrderStatus', { token: await ctx.login('kari'), body: { id, transactionStatusId: 5 } });
      expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    });
  });

  describe('GDPR (spec section 4)', () => {
    it('a user who has not confirmed GDPR reaches only the gdpr page’s calls until they confirm', async () => {
      const [user] = await rows<{ loginName: string }>(
        ctx.database.db,
        sql`SELECT login_name AS "loginName" FROM users u
            WHERE NOT confirmed_gdpr AND is_active AND NOT is_global_admin AND location_id IS NOT NULL
              AND NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id) ORDER BY id LIMIT 1`,
      );
      expect(user, 'a demo user without GDPR confirmation').toBeDefined();
      const name = user?.loginName as string;
      await ctx.database.db.execute(sql`UPDATE users SET language = 'en-US' WHERE login_name = ${name}`);
      const token = await ctx.login(name);
      const as = (method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, url, { token, body });

      const before = await count('orders');
      for (const [method, url, body] of [
        ['GET', '/api/Orders'],
        ['GET', '/api/webtaskUsers'],
        ['GET', '/api/location'],
        ['GET', '/api/Alerts'],
        ['GET', '/api/Messages?type=messages'],
        ['GET', '/api/Locations?canSwitch=true'],
        ['POST', '/api/Orders', { transactionTypeId: 3, dateSend: sendDate, lines: [{ productId: eurA, quantityOrdered: 15 }] }],
        ['POST', '/api/status', { locationId: 1 }],
      ] as const) {
        const answer = await as(method, url, body);
        expect(answer.status, `${method} ${url}`).toBe(403);
        expect(answer.body.error.type).toBe('GDPR_REQUIRED');
        expect(answer.body.error.message).toBe(en('errors.GDPR_REQUIRED'));
      }
      expect(await count('orders')).toBe(before);

      // What the gdpr page and the way to it need.
      const status = await as('GET', '/api/Status');
      expect(status.status).toBe(200);
      expect(status.body.data.status.loginUser.confirmedGdpr).toBe(false);
      const actions = await as('POST', '/api/Actions', ['Status', 'TransactionTypes']);
      expect(actions.status).toBe(200);
      expect(actions.body.data[0].loginUser.loginName).toBe(name);
      expect((await as('GET', '/api/Language')).status).toBe(200);
      expect((await as('POST', '/api/Language', { language: 'en-US' })).status).toBe(200);
      expect((await as('GET', '/api/Messages?type=login')).status).toBe(200);
      const other = await ctx.login(name);
      expect((await ctx.call('POST', '/api/logout', { token: other })).status).toBe(200);

      const confirmed = await as('POST', '/api/Gdpr', { confirmed: true });
      expect(confirmed.status).toBe(200);
      expect((await as('GET', '/api/webtaskUsers')).status).toBe(200);
      expect((await as('GET', '/api/Orders')).status).toBe(200);
    });

    it('global admins skip the confirmation', async () => {
      await ctx.database.db.execute(sql`UPDATE users SET confirmed_gdpr = false WHERE login_name = 'admin'`);
      try {
        const token = await ctx.login('admin');
        expect((await ctx.call('GET', '/api/Orders?count=1', { token })).status).toBe(200);
      } finally {
        await ctx.database.db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE login_name = 'admin'`);
      }
    });
  });

  describe('the standard agreement', () => {
    it('is accepted by a customer admin, or the first user of a customer without one; anyone else is told their admin accepts it', async () => {
      const db = ctx.database.db;
      const customerId = at.kari?.customerId as number;
      const accepted = async () =>
        (await rows<{ a: boolean }>(db, sql`SELECT agreement_standard AS a FROM customers WHERE id = ${customerId}`))[0]?.a;
      const users = await rows<{ loginName: string; admin: boolean }>(
        db,
        sql`SELECT login_name AS "loginName", is_customer_admin AS admin FROM users
            WHERE customer_id = ${customerId} AND is_active AND confirmed_gdpr ORDER BY created_at, id`,
      );
      const colleague = users.find((u) => !u.admin)?.loginName as string;
      expect(colleague).toBeDefined();
      await db.execute(sql`UPDATE users SET language = 'en-US' WHERE customer_id = ${customerId}`);
      await db.execute(sql`UPDATE customers SET agreement_standard = false WHERE id = ${customerId}`);
      try {
        const token = await ctx.login(colleague);
        const status = await ctx.call('GET', '/api/Status', { token });
        expect(status.body.data.status.customer).toMatchObject({
          agreementRequired: true,
          agreementStandard: false,
          agreementAcceptor: false,
        });
        const refused = await ctx.call('POST', '/api/Agreement', { token, body: { accepted: true } });
        expect(refused.status).toBe(403);
        expect(refused.body.error).toMatchObject({ type: 'AGREEMENT_NOT_ALLOWED', message: en('errors.AGREEMENT_NOT_ALLOWED') });
        expect(await accepted()).toBe(false);

        // Without an admin, the customer's first user accepts for it; the others still may not.
        await db.execute(sql`UPDATE users SET is_customer_admin = false WHERE customer_id = ${customerId}`);
        const [first] = await rows<{ loginName: string }>(
          db,
          sql`SELECT login_name AS "loginName" FROM users WHERE customer_id = ${customerId} AND is_active ORDER BY created_at, id LIMIT 1`,
        );
        const second = users.find((u) => u.loginName !== first?.loginName)?.loginName as string;
        const secondToken = await ctx.login(second);
        expect((await ctx.call('GET', '/api/Status', { token: secondToken })).body.data.status.customer.agreementAcceptor).toBe(false);
        expect((await ctx.call('POST', '/api/Agreement', { token: secondToken, body: { accepted: true } })).status).toBe(403);
        await db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE login_name = ${first?.loginName}`);
        const firstToken = await ctx.login(first?.loginName as string);
        expect((await ctx.call('GET', '/api/Status', { token: firstToken })).body.data.status.customer.agreementAcceptor).toBe(true);
        expect((await ctx.call('POST', '/api/Agreement', { token: firstToken, body: { accepted: true } })).status).toBe(200);
        expect(await accepted()).toBe(true);

        // With an admin back, the admin accepts; the field is gone once accepted.
        await db.execute(sql`UPDATE customers SET agreement_standard = false WHERE id = ${customerId}`);
        await db.execute(sql`UPDATE users SET is_customer_admin = true WHERE login_name = 'kari'`);
        const kari = await ctx.login('kari');
        expect((await ctx.call('GET', '/api/Status', { token: kari })).body.data.status.customer.agreementAcceptor).toBe(true);
        expect((await ctx.call('POST', '/api/Agreement', { token: kari, body: { accepted: true } })).status).toBe(200);
        expect(await accepted()).toBe(true);
        expect((await ctx.call('GET', '/api/Status', { token: kari })).body.data.status.customer.agreementAcceptor).toBeUndefined();
      } finally {
        await db.execute(sql`UPDATE users SET is_customer_admin = true WHERE login_name = 'kari'`);
        await db.execute(sql`UPDATE customers SET agreement_standard = true WHERE id = ${customerId}`);
      }
    });

    it('can be accepted before the GDPR confirmation (the agreement page comes first after sign-in)', async () => {
      const db = ctx.database.db;
      const customerId = at.kari?.customerId as number;
      await db.execute(sql`UPDATE customers SET agreement_standard = false WHERE id = ${customerId}`);
      await db.execute(sql`UPDATE users SET confirmed_gdpr = false WHERE login_name = 'kari'`);
      try {
        const kari = await ctx.login('kari');
        expect((await ctx.call('GET', '/api/Orders', { token: kari })).status).toBe(403);
        expect((await ctx.call('POST', '/api/Agreement', { token: kari, body: { accepted: true } })).status).toBe(200);
      } finally {
        await db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE login_name = 'kari'`);
        await db.execute(sql`UPDATE customers SET agreement_standard = true WHERE id = ${customerId}`);
      }
    });
  });
});
