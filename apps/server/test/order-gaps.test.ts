/**
 * The order flows' missing pieces (docs/domain.md): external locations and deliveries to them,
 * a draft's external receiver and temporary address in GET Orders/{id}, the customs status,
 * discarding drafts, dates in messages in the caller's locale, and the demo's opening balances.
 */
import type { Country } from '@portal/domain';
import { nextOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('order gaps (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};
  /** Acting locations of the demo users. */
  const at: Record<string, { id: number; customerId: number; countryId: Country }> = {};
  /** Seeded users found by what they may do (all share the demo password). */
  const seeded = { admin: '', noShipment: '' };
  let sendDate: string;
  let eurA: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole']) {
      tokens[name] = await ctx.login(name);
      at[name] = (await ctx.call('GET', '/api/location', { token: tokens[name] })).body.data;
    }
    // A customer admin of a customer with external locations, and a user of such a customer
    // who is no admin and lacks the SHIPMENT task.
    const users = await rows<{ loginName: string; admin: boolean; shipment: boolean }>(
      ctx.database.db,
      sql`SELECT u.login_name AS "loginName", u.is_customer_admin AS admin,
            NOT EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id)
              OR EXISTS (SELECT 1 FROM user_tasks t WHERE t.user_id = u.id AND t.task = 'SHIPMENT') AS shipment
          FROM users u JOIN customers c ON c.id = u.customer_id
          WHERE u.is_active AND c.status_id = 1 AND u.location_id IS NOT NULL
            AND EXISTS (SELECT 1 FROM external_locations e WHERE e.customer_id = c.id)
          ORDER BY u.id`,
    );
    seeded.admin = users.find((u) => u.admin)?.loginName ?? '';
    seeded.noShipment = users.find((u) => !u.admin && !u.shipment)?.loginName ?? '';
    // Past the GDPR confirmation, which every call but the gdpr page's needs.
    await ctx.database.db.execute(sql`UPDATE users SET confirmed_gdpr = true WHERE login_name IN (${seeded.admin}, ${seeded.noShipment})`);
    for (const name of Object.values(seeded)) tokens[name] = await ctx.login(name);
    const [product] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM products WHERE name = 'EUR pallet, quality A'`);
    eurA = Number(product?.id);
    const closures = await rows<{ day: string }>(
      ctx.database.db,
      sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`,
    );
    sendDate = nextOpenDay(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), 'NO', new Set(closures.map((c) => c.day)));
  });

  afterAll(() => ctx.close());

  const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => ctx.call(method, url, { token: tokens[who], body });
  const remove = (who: string, id: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/Orders/${id}`, headers: { authorization: `Bearer ${tokens[who]}` } });
  const place = async (who: string, body: Record<string, unknown>) => {
    const res = await call(who, 'POST', '/api/Orders', { dateSend: sendDate, lines: [{ productId: eurA, quantityOrdered: 15 }], ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  let serial = 0;
  const external = (body: Record<string, unknown>) => ({
    name: 'Mottak Sørøst',
    locationNumber: `T-${Date.now()}-${++serial}`,
    countryId: 'NO',
    ...body,
  });
  /** An external location as GET answers it, as a POST body (not given is left out, not null). */
  const asBody = (location: Record<string, unknown>) => Object.fromEntries(Object.entries(location).filter(([, value]) => value !== null));

  it('the demo’s customer locations hold the carriers of their pool, balanced by the depots', async () => {
    const pooling = await rows<{ negative: number; positive: number }>(
      ctx.database.db,
      sql`SELECT count(*) FILTER (WHERE b.quantity < 0)::int AS negative, count(*) FILTER (WHERE b.quantity > 0)::int AS positive
          FROM balances b JOIN locations l ON l.id = b.location_id WHERE l.type_id <> 'NLP' AND b.balance_kind = 'pooling'`,
    );
    expect(pooling[0]?.negative).toBe(0);
    expect(pooling[0]?.positive).toBeGreaterThan(100);
    const commission = await rows<{ negative: number; total: number }>(
      ctx.database.db,
      sql`SELECT count(*) FILTER (WHERE b.quantity < 0)::int AS negative, count(*)::int AS total
          FROM balances b JOIN locations l ON l.id = b.location_id WHERE l.type_id <> 'NLP' AND b.balance_kind = 'commission'`,
    );
    // Some still owe carriers in money, most hold some.
    expect(commission[0]?.negative).toBeGreaterThan(0);
    expect(commission[0]?.negative).toBeLessThan((commission[0]?.total ?? 0) / 4);
    const depots = await rows<{ negative: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS negative FROM balances b JOIN locations l ON l.id = b.location_id WHERE l.type_id = 'NLP' AND b.quantity < 0`,
    );
    expect(depots[0]?.negative).toBe(0);
    const stock = await call('ole', 'GET', '/api/stockDetails');
    const oleEur = stock.body.data.balances.find(
      (b: { productId: number; balanceKind: string }) => b.productId === eurA && b.balanceKind === 'pooling',
    );
    expect(oleEur.quantity).toBeGreaterThan(0);
  });

  describe('external locations', () => {
    it('a customer admin lists the customer’s own, by name, narrowed by term and country; inactive ones only on request', async () => {
      const own = await rows<{ id: number; name: string; customerId: number }>(
        ctx.database.db,
        sql`SELECT e.id, e.name, e.customer_id AS "customerId" FROM external_locations e JOIN users u ON u.customer_id = e.customer_id
            WHERE u.login_name = ${seeded.admin} ORDER BY e.name, e.id`,
      );
      expect(own.length).toBeGreaterThan(0);
      const list = await call(seeded.admin, 'GET', '/api/ExternalLocations');
      expect(list.status).toBe(200);
      expect(list.body.data.map((e: { id: number }) => e.id)).toEqual(own.map((e) => Number(e.id)));
      expect(Object.keys(list.body.data[0]).sort()).toEqual(
        [
          'active',
          'contactName',
          'countryId',
          'customerId',
          'email',
          'gln',
          'id',
          'locationNumber',
          'name',
          'postalCode',
          'postalName',
          'street',
        ].sort(),
      );
      const first = list.body.data[0];
      const byTerm = await call(seeded.admin, 'GET', `/api/ExternalLocations?term=${encodeURIComponent(first.name.slice(2, 8))}`);
      expect(byTerm.body.data.map((e: { id: number }) => e.id)).toContain(first.id);
      const byNumber = await call(seeded.admin, 'GET', `/api/ExternalLocations?term=${first.locationNumber}`);
      expect(byNumber.body.data.map((e: { id: number }) => e.id)).toEqual([first.id]);
      const otherCountry = (['NO', 'SE', 'DK', 'FI'] as const).find((c) => c !== first.countryId);
      expect((await call(seeded.admin, 'GET', `/api/ExternalLocations?countryId=${otherCountry}`)).body.data).toEqual([]);
      expect((await call(seeded.admin, 'GET', '/api/ExternalLocations?countryId=XX')).status).toBe(400);

      const off = await call(seeded.admin, 'POST', '/api/ExternalLocations', { ...asBody(first), active: false });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.data.active).toBe(false);
      expect((await call(seeded.admin, 'GET', '/api/ExternalLocations')).body.data.map((e: { id: number }) => e.id)).not.toContain(
        first.id,
      );
      expect(
        (await call(seeded.admin, 'GET', '/api/ExternalLocations?includeInactive=true')).body.data.map((e: { id: number }) => e.id),
      ).toContain(first.id);
      // Leaving `active` out keeps it as it is.
      const renamed = await call(seeded.admin, 'POST', '/api/ExternalLocations', {
        id: first.id,
        name: `${first.name} 2`,
        locationNumber: first.locationNumber,
        countryId: first.countryId,
      });
      expect(renamed.body.data).toMatchObject({ name: `${first.name} 2`, active: false, gln: null });
      expect((await call(seeded.admin, 'POST', '/api/ExternalLocations', { ...asBody(first), active: true })).body.data).toMatchObject({
        ...first,
        active: true,
      });
    });

    it('a shipper registers one with a unique location number, a GLN with a valid check digit and a postal code that fits the country', async () => {
      const created = await call(
        'ole',
        'POST',
        '/api/ExternalLocations',
        external({ gln: '7080000000012', contactName: ' Per Hansen ', street: 'Kaiveien 4', postalCode: '1470', postalName: 'Lørenskog' }),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({
        customerId: at.ole?.customerId,
        gln: '7080000000012',
        contactName: 'Per Hansen',
        active: true,
        countryId: 'NO',
      });
      expect((await call('ole', 'GET', '/api/ExternalLocations')).body.data.map((e: { id: number }) => e.id)).toContain(
        created.body.data.id,
      );

      // Another customer's number, or its own twice: 'Location number already exists'.
      const [taken] = await rows<{ number: string }>(
        ctx.database.db,
        sql`SELECT location_number AS number FROM external_locations WHERE customer_id <> ${at.ole?.customerId} LIMIT 1`,
      );
      for (const number of [taken?.number, created.body.data.locationNumber]) {
        const twice = await call('ole', 'POST', '/api/ExternalLocations', external({ locationNumber: number }));
        expect(twice.status).toBe(409);
        expect(twice.body.error.type).toBe('LOCATION_NUMBER_EXISTS');
        expect(twice.body.error.message).toBe('Lokasjonsnummeret finnes allerede');
        expect(twice.body.error.fields.locationNumber).toBe('Lokasjonsnummeret finnes allerede');
      }
      // Its own number again on an update is no conflict.
      const { contactName: _c, street: _s, postalCode: _p, postalName: _n, ...rest } = created.body.data;
      const kept = await call('ole', 'POST', '/api/ExternalLocations', { ...rest, gln: '' });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.data).toMatchObject({ gln: null, contactName: null, postalCode: null });

      const wrongGln = await call('ole', 'POST', '/api/ExternalLocations', external({ gln: '7080000000013' }));
      expect(wrongGln.status).toBe(400);
      expect(wrongGln.body.error.fields).toEqual({ gln: 'Kontrollsifferet er feil' });
      const shortGln = await call('ole', 'POST', '/api/ExternalLocations', external({ gln: '70800' }));
      expect(shortGln.body.error.fields).toEqual({ gln: 'Skriv 13 siffer' });
      const postal = await call('ole', 'POST', '/api/ExternalLocations', external({ postalCode: '123' }));
      expect(postal.status).toBe(400);
      expect(postal.body.error.fields).toEqual({ postalCode: 'Postnummeret passer ikke til landet' });
      const blank = await call('ole', 'POST', '/api/ExternalLocations', external({ name: ' ', locationNumber: 'a b' }));
      expect(blank.status).toBe(400);
      expect(Object.keys(blank.body.error.fields).sort()).toEqual(['locationNumber', 'name']);
    });

    it('another customer’s external location is never listed and answers as if it did not exist', async () => {
      const [foreign] = await rows<{ id: number; number: string }>(
        ctx.database.db,
        sql`SELECT id, location_number AS number FROM external_locations WHERE customer_id <> ${at.ole?.customerId} LIMIT 1`,
      );
      const listed = await call('ole', 'GET', '/api/ExternalLocations?includeInactive=true');
      expect(listed.body.data.every((e: { customerId: number }) => e.customerId === at.ole?.customerId)).toBe(true);
      const update = await call(
        'ole',
        'POST',
        '/api/ExternalLocations',
        external({ id: Number(foreign?.id), locationNumber: `${foreign?.number}-X` }),
      );
      expect(update.status).toBe(404);
      const delivery = await call('ole', 'POST', '/api/Orders', {
        transactionTypeId: 3,
        externalLocationIdTo: Number(foreign?.id),
        dateSend: sendDate,
        draft: true,
        lines: [{ productId: eurA, quantityOrdered: 15 }],
      });
      expect(delivery.status).toBe(400);
      expect(Object.keys(delivery.body.error.fields)).toEqual(['externalLocationIdTo']);
    });

    it('a user without the SHIPMENT task who is no customer admin may neither list nor register them', async () => {
      expect(seeded.noShipment).not.toBe('');
      expect((await call(seeded.noShipment, 'GET', '/api/ExternalLocations')).status).toBe(403);
      const refused = await call(seeded.noShipment, 'POST', '/api/ExternalLocations', external({}));
      expect(refused.status).toBe(403);
      expect(refused.body.error.type).toBe('FORBIDDEN');
    });
  });

  it('a draft to an external receiver with a temporary address keeps both when read and saved again, and goes out as a delivery', async () => {
    const receiver = (await call('ole', 'POST', '/api/ExternalLocations', external({ name: 'Bryggeriets Mottak' }))).body.data;
    const tempAddress = { name: 'Lager 2', street: 'Kaia 1', postalCode: '0150', postalName: 'Oslo', countryId: 'NO' };
    const draft = await place('ole', {
      transactionTypeId: 3,
      externalLocationIdTo: receiver.id,
      tempAddress,
      draft: true,
      customsHandler: 'self',
      transportText: 'Ring før levering',
    });
    const read = (await call('ole', 'GET', `/api/Orders/${draft.id}`)).body.data;
    expect(read).toMatchObject({
      locationIdTo: null,
      externalLocationIdTo: receiver.id,
      externalLocationNameTo: 'Bryggeriets Mottak',
      externalLocationNumberTo: receiver.locationNumber,
      locationNameTo: 'Bryggeriets Mottak',
      tempAddress,
      addressTo: { name: 'Lager 2', street: 'Kaia 1', postalCode: '0150', postalName: 'Oslo' },
      customsHandler: 'self',
    });
    // The dialog sends back what it read: nothing is lost.
    const saved = await place('ole', {
      id: draft.id,
      transactionTypeId: 3,
      externalLocationIdTo: read.externalLocationIdTo,
      tempAddress: read.tempAddress,
      draft: true,
      customsHandler: read.customsHandler,
      transportText: read.transportText,
      referenceOwn: 'R-EXT',
    });
    expect(saved).toMatchObject({ externalLocationIdTo: receiver.id, tempAddress, referenceOwn: 'R-EXT', transactionStatusId: 0 });
    const plain = await place('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id, draft: true });
    expect(plain).toMatchObject({
      externalLocationIdTo: null,
      externalLocationNameTo: null,
      externalLocationNumberTo: null,
      tempAddress: null,
    });

    const sent = await call('ole', 'POST', '/api/OrderStatus', { id: draft.id, transactionStatusId: 4, version: saved.version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const listed = await call('ole', 'GET', `/api/ExternalOrders?ids=${draft.id}`);
    expect(listed.body.data.items.map((o: { id: number }) => o.id)).toEqual([draft.id]);
  });

  describe('customs status', () => {
    it('the sender marks it pending and the provider done, each change written to the history; the receiver may not', async () => {
      const draft = await place('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id, draft: true, customsHandler: 'required' });
      expect(draft.customsStatus).toBeNull();
      const pending = await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'pending', version: draft.version });
      expect(pending.status, JSON.stringify(pending.body)).toBe(200);
      expect(pending.body.data).toMatchObject({ customsStatus: 'pending', version: draft.version + 1, transactionStatusId: 0 });
      expect(pending.body.data.history.at(-1)).toMatchObject({ fromStatusId: 0, toStatusId: 0, comment: 'Tollstatus: under behandling' });
      // The same again changes nothing; a stale version is a conflict.
      const same = await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'pending' });
      expect(same.body.data.version).toBe(draft.version + 1);
      const stale = await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'done', version: draft.version });
      expect(stale.status).toBe(409);
      expect(stale.body.error.type).toBe('CONFLICT');
      expect((await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'cleared' })).status).toBe(400);

      expect((await call('ole', 'POST', '/api/OrderStatus', { id: draft.id, transactionStatusId: 4 })).status).toBe(200);
      const grid = await call('kari', 'GET', `/api/Orders?ids=${draft.id}`);
      expect(grid.body.data.items[0].customsStatus).toBe('pending');
      const receiver = await call('kari', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'done' });
      expect(receiver.status).toBe(403);
      expect(receiver.body.error.type).toBe('FORBIDDEN');
      const done = await call('admin', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'done' });
      expect(done.status).toBe(200);
      expect(done.body.data.customsStatus).toBe('done');
      expect(done.body.data.history.at(-1)).toMatchObject({
        fromStatusId: 4,
        toStatusId: 4,
        comment: 'Tollstatus: klarert',
        userName: 'Anders Haugen',
      });
      const cleared = await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: null });
      expect(cleared.body.data.customsStatus).toBeNull();
      expect(cleared.body.data.history.at(-1).comment).toBe('Tollstatus: ikke registrert');
      await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'done' });

      // Final: no more changes.
      expect((await call('kari', 'POST', '/api/OrderStatus', { id: draft.id, transactionStatusId: 5 })).status).toBe(200);
      const final = await call('ole', 'POST', '/api/OrderCustoms', { id: draft.id, customsStatus: 'pending' });
      expect(final.status).toBe(409);
      expect(final.body.error).toMatchObject({
        type: 'CUSTOMS_STATUS',
        message: 'Kunne ikke sette tollstatus: ordren har status Levert og kan ikke lenger endres',
      });
    });

    it('an order without customs clearance, or another customer’s, cannot take a customs status', async () => {
      const plain = await place('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id, draft: true });
      const none = await call('ole', 'POST', '/api/OrderCustoms', { id: plain.id, customsStatus: 'done' });
      expect(none.status).toBe(409);
      expect(none.body.error.message).toBe('Kunne ikke sette tollstatus: ordren krysser ingen grense som krever tollbehandling');
      // kari does not see ole's draft at all.
      expect((await call('kari', 'POST', '/api/OrderCustoms', { id: plain.id, customsStatus: 'done' })).status).toBe(404);
    });
  });

  describe('discarding a draft', () => {
    it('the side that places it deletes the draft with its lines, history and comments in one go', async () => {
      const draft = await place('ole', { transactionTypeId: 3, locationIdTo: at.kari?.id, draft: true });
      expect((await call('ole', 'POST', '/api/OrderComments', { orderId: draft.id, text: 'Feil mottaker' })).status).toBe(200);
      // The receiver does not see the draft: as if it did not exist.
      expect((await remove('kari', draft.id)).statusCode).toBe(404);
      const res = await remove('ole', draft.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ data: { id: draft.id } });
      expect((await call('ole', 'GET', `/api/Orders/${draft.id}`)).status).toBe(404);
      const left = await rows<{ n: number }>(
        ctx.database.db,
        sql`SELECT (SELECT count(*) FROM order_lines WHERE order_id = ${draft.id}) + (SELECT count(*) FROM order_status_history WHERE order_id = ${draft.id})
              + (SELECT count(*) FROM order_comments WHERE order_id = ${draft.id})::int AS n`,
      );
      expect(Number(left[0]?.n)).toBe(0);
      expect((await remove('ole', draft.id)).statusCode).toBe(404);
    });

    it('a purchase draft belongs to the ordering customer; a sent order cannot be deleted', async () => {
      const purchase = await place('kari', { transactionTypeId: 1, draft: true });
      expect((await remove('ole', purchase.id)).statusCode).toBe(404);
      expect((await remove('kari', purchase.id)).statusCode).toBe(200);

      const sent = await place('ole', { transactionTypeId: 2, draft: false });
      const refused = await remove('ole', sent.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({
        type: 'ORDER_STATUS',
        message: 'Kunne ikke sette ordrestatus: bare et utkast kan slettes; denne ordren har status Bestilt',
      });
      expect((await call('ole', 'GET', `/api/Orders/${sent.id}`)).body.data.transactionStatusId).toBe(1);
    });

    it('the provider may discard any draft', async () => {
      const draft = await place('ole', { transactionTypeId: 2, draft: true });
      expect((await remove('admin', draft.id)).statusCode).toBe(200);
    });
  });

  it('dates in messages are written as the caller’s locale writes them', async () => {
    // A Sunday at least a week ahead: never an open day.
    const day = new Date(Date.now() + 7 * 86_400_000);
    day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
    const sunday = day.toISOString().slice(0, 10);
    const [y, m, d] = sunday.split('-');
    const send = () =>
      call('ole', 'POST', '/api/Orders', {
        transactionTypeId: 2,
        dateSend: sunday,
        draft: false,
        lines: [{ productId: eurA, quantityOrdered: 15 }],
      });
    const norwegian = await send();
    expect(norwegian.status).toBe(400);
    expect(norwegian.body.error.message).toBe(`${d}.${m}.${y} er ikke en åpen dag.`);
    expect(norwegian.body.error.fields.dateSend).toBe(`${d}.${m}.${y} er ikke en åpen dag.`);
    await call('ole', 'POST', '/api/Language', { language: 'en-US' });
    try {
      expect((await send()).body.error.message).toBe(`${m}/${d}/${y} is not an open day.`);
      await call('ole', 'POST', '/api/Language', { language: 'sv-SE' });
      expect((await send()).body.error.message).toBe(`${sunday} är inte en öppen dag.`);
    } finally {
      await call('ole', 'POST', '/api/Language', { language: 'nb-NO' });
    }
  });
});
