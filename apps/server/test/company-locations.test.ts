/**
 * Addresses and Company > Locations (docs/company-locations.md, docs/postal-registers.md):
 * the open country list and postal code lookup against the real registers, and the acting
 * customer's locations and delivery addresses for its customer admin (kari) or a global admin
 * (admin); ole (no admin) gets 403, another customer's location 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** The demo users write Norwegian: the server answers in the session's language. */
const nb = translator('nb-NO');

/** A GLN with a valid GS1 check digit from 12 digits. */
function gln(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${first12}${(10 - (sum % 10)) % 10}`;
}

describe.each(backends)('company locations (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };
  let kariLocation: number;
  let oleLocation: number;
  let kariCustomer: number;
  let serial = 0;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    kariLocation = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id;
    oleLocation = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data.id;
    const [kari] = await rows<{ customerId: number }>(
      ctx.database.db,
      sql`SELECT customer_id AS "customerId" FROM locations WHERE id = ${kariLocation}`,
    );
    kariCustomer = Number(kari?.customerId);
  });
  afterAll(() => ctx.close());

  const del = async (url: string, token?: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const count = async (table: 'locations' | 'addresses') =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);
  /** A valid new location of the caller's customer, with a unique number. */
  const newLocation = (extra: Record<string, unknown> = {}) => ({
    name: `Test lager ${++serial}`,
    number: `T-${kind}-${serial}-${Date.now()}`,
    typeId: 'GRS',
    statusId: 1,
    hasRamp: true,
    needsLift: false,
    deliveryFrom: '07:00',
    deliveryTo: '15:30',
    emailOrderConfirmation: 'ordre@example.no; lager@example.no',
    street: 'Brynsveien 5',
    postalCode: '0667',
    postalName: 'OSLO',
    countryId: 'NO',
    ...extra,
  });

  it('lists the available countries without a session, default first, named in the caller’s language', async () => {
    const english = await ctx.call('GET', '/api/AddressCountryRegions');
    expect(english.status).toBe(200);
    expect(english.body.data.map((c: { id: string }) => c.id)).toEqual(['NO', 'DK', 'FI', 'SE']);
    expect(english.body.data[0]).toEqual({ id: 'NO', name: 'Norway', isAvailable: true, isDefault: true, zipCodeMask: '####' });
    expect(english.body.data.find((c: { id: string }) => c.id === 'SE').zipCodeMask).toBe('### ##|#####');
    const finnish = await ctx.call('GET', '/api/AddressCountryRegions', { headers: { 'accept-language': 'fi-FI' } });
    expect(finnish.body.data.map((c: { name: string }) => c.name)).toEqual(['Norja', 'Ruotsi', 'Suomi', 'Tanska']);
  });

  it('looks up real postal places in the four countries’ registers, spaces ignored; unknown codes answer null', async () => {
    const place = async (countryId: string, postalCode: string) =>
      (await ctx.call('GET', `/api/AddressZipCode?countryId=${countryId}&postalCode=${encodeURIComponent(postalCode)}`)).body.data?.name;
    expect(await place('NO', '0150')).toBe('OSLO');
    expect(await place('NO', '9990')).toBe('BÅTSFJORD');
    expect(await place('FI', '00100')).toBe('HELSINKI');
    expect(await place('FI', '99800')).toBe('IVALO');
    expect(await place('DK', '2200')).toBe('København N');
    expect(await place('SE', '114 55')).toBe('Stockholm');
    expect(await place('SE', '11455')).toBe('Stockholm');
    // Codes the demo data never had: they come from the shipped SE and DK registers (postal-data/).
    expect(await place('SE', '981 91')).toBe('Jukkasjärvi');
    expect(await place('SE', '417 05')).toBe('Göteborg');
    expect(await place('DK', '9990')).toBe('Skagen');
    expect(await place('DK', '0800')).toBe('Høje Taastrup');
    expect(await place('DK', '8000')).toBe('Aarhus C');
    // Not in the registers (the Swedish one lacks box and company codes): the user types the place.
    expect(await place('SE', '120 44')).toBeNull();
    expect(await place('DK', '0001')).toBeNull();
    expect(await place('NO', ' 01 50 ')).toBe('OSLO');
    expect(await place('NO', '0002')).toBeNull();
    expect(await place('FI', '00009')).toBeNull();
  });

  it('answers 400 with a field message for a code that fits no mask of the country', async () => {
    for (const [countryId, code] of [
      ['NO', '123'],
      ['NO', '12345'],
      ['SE', '1145'],
      ['FI', 'ABCDE'],
    ]) {
      const answer = await ctx.call('GET', `/api/AddressZipCode?countryId=${countryId}&postalCode=${code}`);
      expect(answer.status, `${countryId} ${code}`).toBe(400);
      expect(answer.body.error.fields.postalCode).toBe(translator('en-US')('validation.postalCode'));
    }
    expect((await ctx.call('GET', '/api/AddressZipCode?countryId=XX&postalCode=0150')).status).toBe(400);
  });

  it('lists the acting customer’s locations for its admin, with status, order count and the type filter', async () => {
    const all = await ctx.call('GET', '/api/CompanyLocations', { token: tokens.kari });
    expect(all.status).toBe(200);
    const [own] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM locations WHERE customer_id = ${kariCustomer}`,
    );
    expect(all.body.data).toHaveLength(Number(own?.n));
    const mine = all.body.data.find((l: { id: number }) => l.id === kariLocation);
    expect(mine.statusId).toBe(1);
    expect(mine.orderCount).toBeGreaterThan(0);
    const retail = await ctx.call('GET', '/api/CompanyLocations?type=retailWholesaler', { token: tokens.kari });
    expect(retail.body.data.every((l: { typeId: string }) => ['GRS', 'BUT'].includes(l.typeId))).toBe(true);
    const vendor = await ctx.call('GET', '/api/CompanyLocations?type=customerVendor', { token: tokens.kari });
    expect(vendor.body.data.every((l: { typeId: string }) => ['LEV', 'NLP', 'TRP'].includes(l.typeId))).toBe(true);
    expect(retail.body.data.length + vendor.body.data.length).toBe(all.body.data.length);
    expect((await ctx.call('GET', '/api/CompanyLocations?type=nonsense', { token: tokens.kari })).status).toBe(400);
  });

  it('refuses users who are not admins (403) and hides other customers’ locations (404)', async () => {
    expect((await ctx.call('GET', '/api/CompanyLocations', { token: tokens.ole })).status).toBe(403);
    expect((await ctx.call('GET', `/api/CompanyLocations/${oleLocation}`, { token: tokens.ole })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Locations', { token: tokens.ole, body: newLocation() })).status).toBe(403);
    expect((await del(`/api/Locations/${oleLocation}`, tokens.ole)).status).toBe(403);
    expect((await ctx.call('GET', '/api/CompanyLocations')).status).toBe(401);
    expect((await ctx.call('GET', `/api/CompanyLocations/${oleLocation}`, { token: tokens.kari })).status).toBe(404);
    expect((await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ id: oleLocation }) })).status).toBe(404);
    expect((await del(`/api/Locations/${oleLocation}`, tokens.kari)).status).toBe(404);
    const detail = await ctx.call('GET', `/api/CompanyLocations/${kariLocation}`, { token: tokens.kari });
    expect(detail.status).toBe(200);
    expect(detail.body.data.id).toBe(kariLocation);
    expect(Array.isArray(detail.body.data.addresses)).toBe(true);
  });

  it('creates and updates a location; the number is unique and the GLN checked', async () => {
    const ownGln = gln(`70${String(Date.now()).slice(-10)}`);
    const body = newLocation({ gln: ownGln });
    const created = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      name: body.name,
      number: body.number,
      typeId: 'GRS',
      deliveryFrom: '07:00',
      isPooling: false,
    });
    expect(created.body.data.customerGroup).toBe('OO');
    const id = created.body.data.id;
    const list = await ctx.call('GET', '/api/CompanyLocations', { token: tokens.kari });
    expect(list.body.data.some((l: { id: number }) => l.id === id)).toBe(true);

    const updated = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: { ...body, id, name: 'Nytt navn', statusId: 2 } });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ name: 'Nytt navn', statusId: 2 });

    const before = await count('locations');
    const taken = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ number: body.number }) });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields.number).toBe(nb('errors.LOCATION_NUMBER_EXISTS'));
    const badGln = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ gln: '4006381333932' }) });
    expect(badGln.status).toBe(400);
    expect(badGln.body.error.fields.gln).toBe(nb('validation.glnCheckDigit'));
    const usedGln = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ gln: ownGln }) });
    expect(usedGln.body.error.fields.gln).toBe(nb('locations.glnInUse'));
    const badCode = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ postalCode: '066' }) });
    expect(badCode.body.error.fields.postalCode).toBe(nb('validation.postalCode'));
    const window = await ctx.call('POST', '/api/Locations', {
      token: tokens.kari,
      body: newLocation({ deliveryFrom: '16:00', deliveryTo: '08:00' }),
    });
    expect(window.body.error.fields.deliveryTo).toBe(nb('locations.deliveryTimes'));
    const mail = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ emailPurchase: 'not-a-mail' }) });
    expect(mail.status).toBe(400);
    expect(mail.body.error.fields.emailPurchase).toBe(nb('locations.email'));
    expect(await count('locations')).toBe(before);
  });

  it('keeps the provider’s flags and type NLP from customer admins; a global admin sets them', async () => {
    const created = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation() });
    const id = created.body.data.id;
    const flags = {
      isPooling: true,
      isCommission: false,
      isReturnScheme: false,
      isDispatch: false,
      isContainerActive: false,
      isSortingDepot: false,
    };
    expect((await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ flags }) })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ typeId: 'NLP' }) })).status).toBe(403);
    // Sending the flags as they are is fine.
    const same = { ...flags, isPooling: false };
    expect((await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ id, flags: same }) })).status).toBe(200);

    const own = await ctx.call('POST', '/api/Locations', { token: tokens.admin, body: newLocation({ flags }) });
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ isPooling: true, customerGroup: 'GL' });
  });

  it('places a location under another of the customer’s, never under itself or its own sub-location', async () => {
    const parent = (await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation() })).body.data;
    const child = (await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ parentLocationId: parent.id }) }))
      .body.data;
    expect(child.parentLocationId).toBe(parent.id);
    const detail = await ctx.call('GET', `/api/CompanyLocations/${parent.id}`, { token: tokens.kari });
    expect(detail.body.data.subLocations.map((s: { id: number }) => s.id)).toEqual([child.id]);
    const cycle = await ctx.call('POST', '/api/Locations', {
      token: tokens.kari,
      body: newLocation({ id: parent.id, number: parent.number, parentLocationId: child.id }),
    });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error.fields.parentLocationId).toBe(nb('locations.parentCycle'));
    const foreign = await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation({ parentLocationId: oleLocation }) });
    expect(foreign.body.error.fields.parentLocationId).toBe(nb('locations.parentNotFound'));
  });

  it('deletes an unused location, and blocks one with orders instead', async () => {
    const fresh = (await ctx.call('POST', '/api/Locations', { token: tokens.kari, body: newLocation() })).body.data;
    const deleted = await del(`/api/Locations/${fresh.id}`, tokens.kari);
    expect(deleted).toEqual({ status: 200, body: { data: { outcome: 'deleted' } } });
    expect((await ctx.call('GET', `/api/CompanyLocations/${fresh.id}`, { token: tokens.kari })).status).toBe(404);

    const blocked = await del(`/api/Locations/${kariLocation}`, tokens.kari);
    expect(blocked.body.data.outcome).toBe('blocked');
    const after = await ctx.call('GET', `/api/CompanyLocations/${kariLocation}`, { token: tokens.kari });
    expect(after.body.data.statusId).toBe(2);
    await ctx.database.db.execute(sql`UPDATE locations SET status_id = 1 WHERE id = ${kariLocation}`);
  });

  it('adds, edits and deletes delivery addresses of the customer’s own locations', async () => {
    const body = {
      locationId: kariLocation,
      name: 'Vareleveranse',
      street: 'Drammensveien 1',
      postalCode: '11455',
      postalName: 'Stockholm',
      countryId: 'SE',
    };
    const created = await ctx.call('POST', '/api/Addresses', { token: tokens.kari, body });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ ...body, postalCode: '114 55' });
    const id = created.body.data.id;
    const edited = await ctx.call('POST', '/api/Addresses', { token: tokens.kari, body: { ...body, id, street: 'Kungsgatan 2' } });
    expect(edited.body.data.street).toBe('Kungsgatan 2');
    let detail = await ctx.call('GET', `/api/CompanyLocations/${kariLocation}`, { token: tokens.kari });
    expect(detail.body.data.addresses.map((a: { id: number }) => a.id)).toContain(id);

    const before = await count('addresses');
    expect((await ctx.call('POST', '/api/Addresses', { token: tokens.ole, body })).status).toBe(403);
    expect((await ctx.call('POST', '/api/Addresses', { token: tokens.kari, body: { ...body, locationId: oleLocation } })).status).toBe(404);
    const bad = await ctx.call('POST', '/api/Addresses', { token: tokens.kari, body: { ...body, postalCode: '1145' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.postalCode).toBe(nb('validation.postalCode'));
    expect(await count('addresses')).toBe(before);

    expect((await del(`/api/Addresses/${id}`, tokens.ole)).status).toBe(403);
    expect((await del(`/api/Addresses/${id}`, tokens.admin)).status).toBe(404);
    expect((await del(`/api/Addresses/${id}`, tokens.kari)).status).toBe(200);
    expect((await del(`/api/Addresses/${id}`, tokens.kari)).status).toBe(404);
    detail = await ctx.call('GET', `/api/CompanyLocations/${kariLocation}`, { token: tokens.kari });
    expect(detail.body.data.addresses.map((a: { id: number }) => a.id)).not.toContain(id);
  });
});
