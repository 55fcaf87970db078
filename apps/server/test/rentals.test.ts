/**
 * Containers and rentals (issue 11; docs/containers.md): the Container area's calls answer 403
 * without it; a customer sees its scope's containers and rentals (others 404), provider staff
 * all; a rental is registered by the location, opened by provider staff assigning containers,
 * returned with checks (a NeedsRepair needs a comment, a photo is checked by its content) and
 * closed; each step moves the balances exactly once and alerts the other side; of two steps at
 * once one wins and the other gets 409. The ledger check holds after every test.
 */
import { type Country, todayIn } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { product } from '../src/modules/demo-data/reference.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** A 1x1 PNG and the first bytes of a JPEG, as data URLs. */
const PNG = `data:image/png;base64,${Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
).toString('base64')}`;
const NOT_AN_IMAGE = `data:image/jpeg;base64,${Buffer.from('%PDF-1.4 not a photo').toString('base64')}`;

describe.each(backends)('containers and rentals (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'mikko' | 'kari' | 'ole', string> = { admin: '', mikko: '', kari: '', ole: '' };
  let mikkoLocation: number;
  let mikkoCountry: Country;
  let containerProduct: number;
  let eurProduct: number;
  /** The depot whose available containers the tests assign. */
  let depot: number;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['admin', 'mikko', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    mikkoLocation = (await ctx.call('GET', '/api/location', { token: tokens.mikko })).body.data.id;
    const [loc] = await rows<{ countryId: Country }>(
      ctx.database.db,
      sql`SELECT country_id AS "countryId" FROM locations WHERE id = ${mikkoLocation}`,
    );
    mikkoCountry = loc?.countryId as Country;
    containerProduct = product('CONT-A').id;
    eurProduct = product('EUR-A').id;
    const [d] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT l.id FROM containers c JOIN locations l ON l.id = c.location_id
          WHERE l.type_id = 'NLP' AND c.status = 'OK' GROUP BY l.id ORDER BY count(*) DESC, l.id LIMIT 1`,
    );
    depot = Number(d?.id);
  });
  afterAll(() => ctx.close());

  const get = (token: string, url: string) => ctx.call('GET', url, { token });
  const post = (token: string, url: string, body: unknown) => ctx.call('POST', url, { token, body });
  const register = (token: string, body: Record<string, unknown> = {}) =>
    post(token, '/api/Rentals', {
      locationId: mikkoLocation,
      productId: containerProduct,
      quantity: 2,
      startDate: todayIn(mikkoCountry),
      ...body,
    });
  /** Available containers at the test depot (OK, not out). */
  const available = async (n: number) => {
    const { body } = await get(tokens.admin, `/api/Containers?available=true&locationId=${depot}&productId=${containerProduct}`);
    return (body.data as { id: number }[]).slice(0, n).map((c) => c.id);
  };
  /** The pooling balance of the container product at a location. */
  const balance = async (locationId: number) => {
    const [r] = await rows<{ q: number }>(
      ctx.database.db,
      sql`SELECT COALESCE(sum(quantity), 0)::int AS q FROM balances
          WHERE location_id = ${locationId} AND product_id = ${containerProduct} AND balance_kind = 'pooling'`,
    );
    return Number(r?.q);
  };
  const entries = async (rentalId: number) =>
    Number(
      (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ledger_entries WHERE rental_id = ${rentalId}`))[0]?.n,
    );

  it('answers 403 on every call to a user without the Container area', async () => {
    // ole has no CONTAINER task; kari's location has no container feature.
    for (const token of [tokens.ole, tokens.kari]) {
      expect((await get(token, '/api/Containers')).status).toBe(403);
      expect((await get(token, '/api/Containers/1')).status).toBe(403);
      expect((await get(token, '/api/ContainerProducts')).status).toBe(403);
      expect((await get(token, '/api/Rentals')).status).toBe(403);
      expect((await get(token, '/api/Rentals/1')).status).toBe(403);
      expect((await get(token, '/api/Rentals/1/photo?containerId=1')).status).toBe(403);
      expect((await register(token)).status).toBe(403);
      expect((await post(token, '/api/RentalStatus', { id: 1, status: 'Closed' })).status).toBe(403);
    }
  });

  it('shows a customer its scope’s containers and rentals, provider staff all, and 404 for the rest', async () => {
    const mine = (await get(tokens.mikko, '/api/Rentals')).body.data as { id: number; locationId: number; status: string }[];
    expect(mine.length).toBeGreaterThanOrEqual(4);
    expect(new Set(mine.map((r) => r.locationId))).toEqual(new Set([mikkoLocation]));
    expect(new Set(mine.map((r) => r.status))).toEqual(new Set(['Registered', 'Open', 'Closed']));
    const all = (await get(tokens.admin, '/api/Rentals')).body.data as { id: number; locationId: number }[];
    expect(all.length).toBeGreaterThan(mine.length);
    const other = all.find((r) => r.locationId !== mikkoLocation);
    expect((await get(tokens.mikko, `/api/Rentals/${other?.id}`)).status).toBe(404);
    expect((await get(tokens.mikko, `/api/Rentals?locationId=${other?.locationId}`)).status).toBe(404);
    expect((await get(tokens.mikko, `/api/Containers?locationId=${other?.locationId}`)).status).toBe(404);
    expect((await get(tokens.mikko, `/api/Rentals/${other?.id}/photo?containerId=1`)).status).toBe(404);
    expect((await post(tokens.mikko, '/api/RentalStatus', { id: other?.id, status: 'Closed' })).status).toBe(404);
    // Provider staff read any rental.
    expect((await get(tokens.admin, `/api/Rentals/${other?.id}`)).status).toBe(200);

    const containers = (await get(tokens.mikko, '/api/Containers')).body.data as { id: number; locationId: number; rentalId: number }[];
    expect(containers.length).toBeGreaterThan(0);
    for (const c of containers) expect(c.locationId).toBe(mikkoLocation);
    const depotContainer = (await get(tokens.admin, `/api/Containers?locationId=${depot}`)).body.data[0];
    expect((await get(tokens.mikko, `/api/Containers/${depotContainer.id}`)).status).toBe(404);
    const detail = await get(tokens.mikko, `/api/Containers/${containers[0]?.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.rentals[0].locationId).toBe(mikkoLocation);
  });

  it('finds containers by serial number or GRAI and status', async () => {
    const withGrai = (await get(tokens.admin, '/api/Containers')).body.data.find((c: { grai: string | null }) => c.grai);
    expect(withGrai).toBeDefined();
    const byGrai = (await get(tokens.admin, `/api/Containers?term=${withGrai.grai.slice(-8)}`)).body.data;
    expect(byGrai.map((c: { id: number }) => c.id)).toContain(withGrai.id);
    const bySerial = (await get(tokens.admin, `/api/Containers?term=${withGrai.serialNumber.toLowerCase()}`)).body.data;
    expect(bySerial.map((c: { id: number }) => c.id)).toEqual([withGrai.id]);
    const repair = (await get(tokens.admin, '/api/Containers?status=NeedsRepair')).body.data as { status: string }[];
    expect(repair.length).toBeGreaterThan(0);
    expect(repair.every((c) => c.status === 'NeedsRepair')).toBe(true);
  });

  it('shows mikko’s closed rental with the container that needs repair and its comment, without money', async () => {
    const closed = (await get(tokens.mikko, '/api/Rentals?status=Closed')).body.data as { id: number }[];
    const details = await Promise.all(closed.map((r) => get(tokens.mikko, `/api/Rentals/${r.id}`)));
    const withRepair = details.find((d) => d.body.data.containers.some((c: { returnStatus: string }) => c.returnStatus === 'NeedsRepair'));
    expect(withRepair).toBeDefined();
    const broken = withRepair?.body.data.containers.find((c: { returnStatus: string }) => c.returnStatus === 'NeedsRepair');
    expect(broken.returnComment).toBeTruthy();
    // mikko has no finance-report permission: no rent; admin sees it.
    expect(withRepair?.body.data.rent).toBeNull();
    const asAdmin = (await get(tokens.admin, `/api/Rentals/${withRepair?.body.data.id}`)).body.data;
    expect(asAdmin.rent.currency).toBe('EUR');
    expect(asAdmin.rent.amount).toBe(asAdmin.containerDays * asAdmin.rent.dayRent);
    expect(asAdmin.containerDays).toBe(asAdmin.containers.reduce((sum: number, c: { days: number }) => sum + c.days, 0));
  });

  it('registers, assigns, returns with a check and closes a rental, moving balances exactly once', async () => {
    const registered = await register(tokens.mikko, { comment: 'For the spring campaign' });
    expect(registered.status).toBe(200);
    const rental = registered.body.data;
    expect(rental).toMatchObject({ status: 'Registered', quantity: 2, assigned: 0, may: { cancel: true, assign: false } });
    // The renter may not assign, nor close an open rental.
    const ids = await available(2);
    expect((await post(tokens.mikko, '/api/RentalStatus', { id: rental.id, status: 'Open', containerIds: ids })).status).toBe(403);

    const depotBefore = await balance(depot);
    const renterBefore = await balance(mikkoLocation);
    const opened = await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Open', containerIds: ids });
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ status: 'Open', assigned: 2, out: 2, depotLocationId: depot });
    expect(await balance(depot)).toBe(depotBefore - 2);
    expect(await balance(mikkoLocation)).toBe(renterBefore + 2);
    expect(await entries(rental.id)).toBe(2);
    // mikko's balance history names the rental behind the containers that came in, booked on
    // today's date in Finland (docs/domain.md, "Today"), which from 22:00 UTC is UTC's tomorrow.
    const day = todayIn(mikkoCountry);
    const history = await get(
      tokens.mikko,
      `/api/BalanceHistory?locationId=${mikkoLocation}&productId=${containerProduct}&from=${day}&to=${day}`,
    );
    expect(history.body.data.entries).toContainEqual(
      expect.objectContaining({ source: 'rental', quantity: 2, rentalId: rental.id, palletReceiptId: null }),
    );
    const moved = (await get(tokens.mikko, `/api/Containers/${ids[0]}`)).body.data;
    expect(moved).toMatchObject({ locationId: mikkoLocation, rentalId: rental.id });
    // Assigned again: the rental is open already.
    expect((await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Open', containerIds: ids })).status).toBe(409);

    // A NeedsRepair without a comment, a photo that is no image, a container of another rental: 400.
    const noComment = await post(tokens.mikko, '/api/RentalStatus', {
      id: rental.id,
      status: 'Returned',
      returns: [{ containerId: ids[0], check: 'NeedsRepair' }],
    });
    expect(noComment.status).toBe(400);
    expect(noComment.body.error.fields['returns.0.comment']).toBeTruthy();
    const badPhoto = await post(tokens.mikko, '/api/RentalStatus', {
      id: rental.id,
      status: 'Returned',
      returns: [{ containerId: ids[0], check: 'OK', photo: NOT_AN_IMAGE }],
    });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.error.fields['returns.0.photo']).toBeTruthy();
    expect(await entries(rental.id)).toBe(2);

    const returned = await post(tokens.mikko, '/api/RentalStatus', {
      id: rental.id,
      status: 'Returned',
      returns: [{ containerId: ids[0], check: 'NeedsRepair', comment: 'Side wall bent', photo: PNG }],
    });
    expect(returned.status).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'Open', out: 1, may: { return: true, close: false } });
    const check = returned.body.data.containers.find((c: { containerId: number }) => c.containerId === ids[0]);
    expect(check).toMatchObject({ returnStatus: 'NeedsRepair', returnComment: 'Side wall bent', hasPhoto: true, days: 1 });
    const photo = await ctx.call('GET', `/api/Rentals/${rental.id}/photo?containerId=${ids[0]}`, { token: tokens.mikko });
    expect(photo.status).toBe(200);
    expect(photo.response.headers['content-type']).toBe('image/png');
    const back = (await get(tokens.admin, `/api/Containers/${ids[0]}`)).body.data;
    expect(back).toMatchObject({ locationId: depot, status: 'NeedsRepair', note: 'Side wall bent', rentalId: null });
    expect(await balance(mikkoLocation)).toBe(renterBefore + 1);
    // Returned twice: 409, nothing posted.
    const twice = await post(tokens.mikko, '/api/RentalStatus', {
      id: rental.id,
      status: 'Returned',
      returns: [{ containerId: ids[0], check: 'OK' }],
    });
    expect(twice.status).toBe(409);
    // Not closed while a container is out, nor by the renter.
    expect((await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Closed' })).status).toBe(400);
    await post(tokens.mikko, '/api/RentalStatus', { id: rental.id, status: 'Returned', returns: [{ containerId: ids[1], check: 'OK' }] });
    expect((await post(tokens.mikko, '/api/RentalStatus', { id: rental.id, status: 'Closed' })).status).toBe(403);
    const closed = await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Closed' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'Closed', out: 0 });
    expect(await balance(depot)).toBe(depotBefore);
    expect(await balance(mikkoLocation)).toBe(renterBefore);
    // One pair of entries for the assignment and one for each of the two returns.
    expect(await entries(rental.id)).toBe(6);
    expect((await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Closed' })).status).toBe(409);
  });

  it('alerts the other side of each step in the reader’s language', async () => {
    const rental = (await register(tokens.mikko)).body.data;
    const ids = await available(2);
    await post(tokens.admin, '/api/RentalStatus', { id: rental.id, status: 'Open', containerIds: ids });
    const alerts = await rows<{ locationId: number; title: string; texts: Record<string, { title: string }> }>(
      ctx.database.db,
      sql`SELECT location_id AS "locationId", title, texts FROM alerts WHERE source = 'Rental' AND source_id = ${rental.id} ORDER BY id`,
    );
    expect(alerts).toHaveLength(2);
    expect(alerts[0]?.locationId).not.toBe(mikkoLocation);
    expect(alerts[1]?.locationId).toBe(mikkoLocation);
    expect(alerts[1]?.texts['fi-FI']?.title).toBe(`Kontit osoitettu vuokraukselle ${rental.id}`);
    const bell = await ctx.call('GET', '/api/Alerts', { token: tokens.mikko, headers: { 'accept-language': 'fi-FI' } });
    const mine = (bell.body.data as { sourceId: number; title: string; target: string }[]).find((a) => a.sourceId === rental.id);
    expect(mine?.title).toBe(`Kontit osoitettu vuokraukselle ${rental.id}`);
    expect(mine?.target).toBe(`containers/rentals/${rental.id}`);
    await post(tokens.mikko, '/api/RentalStatus', {
      id: rental.id,
      status: 'Returned',
      returns: ids.map((containerId) => ({ containerId, check: 'OK' })),
    });
  });

  it('offers the container products for a rental', async () => {
    const { status, body } = await get(tokens.mikko, '/api/ContainerProducts');
    expect(status).toBe(200);
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([containerProduct]);
    expect(body.data[0].name).toBeTruthy();
  });

  it('refuses a rental of a non-container product, a quantity out of range and a start in the past', async () => {
    const wrong = await register(tokens.mikko, { productId: eurProduct, quantity: 51, startDate: '2020-01-01' });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error.fields)).toEqual(['quantity']);
    const past = await register(tokens.mikko, { productId: eurProduct, startDate: '2020-01-01' });
    expect(past.status).toBe(400);
    expect(Object.keys(past.body.error.fields).sort()).toEqual(['productId', 'startDate']);
    const [other] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM locations WHERE id <> ${mikkoLocation} ORDER BY id LIMIT 1`,
    );
    expect((await register(tokens.mikko, { locationId: Number(other?.id) })).status).toBe(404);
    const ids = await available(1);
    const r = (await register(tokens.mikko)).body.data;
    // Fewer containers than asked for need a comment.
    const fewer = await post(tokens.admin, '/api/RentalStatus', { id: r.id, status: 'Open', containerIds: ids });
    expect(fewer.status).toBe(400);
    expect(fewer.body.error.fields.comment).toBeTruthy();
    // A container that needs repair is not available.
    const [broken] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT c.id FROM containers c JOIN locations l ON l.id = c.location_id WHERE c.status = 'NeedsRepair' AND l.type_id = 'NLP' LIMIT 1`,
    );
    const notOk = await post(tokens.admin, '/api/RentalStatus', {
      id: r.id,
      status: 'Open',
      containerIds: [Number(broken?.id), ...ids],
    });
    expect(notOk.status).toBe(400);
    expect(notOk.body.error.fields['containerIds.0']).toBeTruthy();
    // The renter cancels its own registered rental.
    const cancelled = await post(tokens.mikko, '/api/RentalStatus', { id: r.id, status: 'Closed' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'Closed', assigned: 0 });
    expect(await entries(r.id)).toBe(0);
  });

  it('of two assignments at once one wins and the other gets 409, posting once', async () => {
    const first = (await register(tokens.mikko)).body.data;
    const second = (await register(tokens.mikko)).body.data;
    const ids = await available(2);
    const depotBefore = await balance(depot);
    // The same rental twice at once.
    const same = await Promise.all([
      post(tokens.admin, '/api/RentalStatus', { id: first.id, status: 'Open', containerIds: ids }),
      post(tokens.admin, '/api/RentalStatus', { id: first.id, status: 'Open', containerIds: ids }),
    ]);
    expect(same.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await entries(first.id)).toBe(2);
    expect(await balance(depot)).toBe(depotBefore - 2);
    // The same containers to another rental: they are out.
    const taken = await post(tokens.admin, '/api/RentalStatus', { id: second.id, status: 'Open', containerIds: ids });
    expect(taken.status).toBe(409);
    expect(await entries(second.id)).toBe(0);
    // Two returns of the same container at once: one wins.
    const returns = await Promise.all(
      [0, 1].map(() =>
        post(tokens.mikko, '/api/RentalStatus', { id: first.id, status: 'Returned', returns: [{ containerId: ids[0], check: 'OK' }] }),
      ),
    );
    expect(returns.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await entries(first.id)).toBe(4);
    await post(tokens.mikko, '/api/RentalStatus', { id: first.id, status: 'Returned', returns: [{ containerId: ids[1], check: 'OK' }] });
    await post(tokens.mikko, '/api/RentalStatus', { id: second.id, status: 'Closed' });
    expect(await balance(depot)).toBe(depotBefore);
  });

  it('of two rentals that take the same containers at once one wins and the other gets 409 (issue 20), posting once', async () => {
    const first = (await register(tokens.mikko)).body.data;
    const second = (await register(tokens.mikko)).body.data;
    const ids = await available(2);
    const depotBefore = await balance(depot);
    const answers = await Promise.all([
      post(tokens.admin, '/api/RentalStatus', { id: first.id, status: 'Open', containerIds: ids }),
      post(tokens.admin, '/api/RentalStatus', { id: second.id, status: 'Open', containerIds: ids }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const loser = answers.find((a) => a.status === 409);
    expect(loser?.body.error.type).toBe('CONFLICT');
    expect((await entries(first.id)) + (await entries(second.id))).toBe(2);
    expect(await balance(depot)).toBe(depotBefore - 2);
    // Put things back: the winner returns its containers, the loser is cancelled.
    const winner = answers[0]?.status === 200 ? first : second;
    const other = winner === first ? second : first;
    await post(tokens.mikko, '/api/RentalStatus', {
      id: winner.id,
      status: 'Returned',
      returns: ids.map((containerId) => ({ containerId, check: 'OK' })),
    });
    await post(tokens.mikko, '/api/RentalStatus', { id: other.id, status: 'Closed' });
    expect(await balance(depot)).toBe(depotBefore);
  });

  it('answers 400, never 500, on malformed steps', async () => {
    for (const body of [
      {},
      { id: 1, status: 'Paid' },
      { id: 1, status: 'Open', containerIds: [] },
      { id: 1, status: 'Open', containerIds: [1, 1] },
      { id: 1, status: 'Returned', returns: [{ containerId: 1, check: 'Broken' }] },
      { id: 1, status: 'Returned', returns: [{ containerId: 1, check: 'OK', photo: 'data:text/plain;base64,AAAA' }] },
    ]) {
      expect((await post(tokens.admin, '/api/RentalStatus', body)).status).toBe(400);
    }
    expect((await get(tokens.admin, '/api/Containers?status=Lost')).status).toBe(400);
    expect((await get(tokens.admin, '/api/Rentals?date=2026-02-30')).status).toBe(400);
    expect((await get(tokens.admin, '/api/Rentals/999999')).status).toBe(404);
  });
});
