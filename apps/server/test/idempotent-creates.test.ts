/**
 * Idempotency keys on the creates besides POST Orders (issue 20; docs/domain.md, "Idempotency
 * keys"): POST Rentals, POST ContainerOrders, POST SupportTickets and POST CountAudits take an
 * `idempotencyKey`; the same key twice from one user, one after the other (a retry after a lost
 * answer) or at once, creates one and answers it both times. Another user's key, or the same
 * key on another kind of create, is another create. A create refused (400) keeps no key.
 */
import { type Country, todayIn } from '@portal/domain';
import { isOpenDay } from '@portal/domain/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { product } from '../src/modules/demo-data/reference.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

/** A create under test: its call, who calls it, the table it writes, and a valid body for the caller. */
interface Create {
  url: string;
  user: 'mikko' | 'kari';
  table: 'rentals' | 'container_orders' | 'support_tickets' | 'count_audits';
  body: () => Record<string, unknown>;
}

describe.each(backends)('idempotent creates (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'mikko' | 'kari', string> = { mikko: '', kari: '' };
  let creates: Create[];

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const name of ['mikko', 'kari'] as const) tokens[name] = await ctx.login(name);
    const db = ctx.database.db;
    const location = (await ctx.call('GET', '/api/location', { token: tokens.mikko })).body.data.id as number;
    const [place] = await rows<{ countryId: Country }>(db, sql`SELECT country_id AS "countryId" FROM locations WHERE id = ${location}`);
    const country = place?.countryId as Country;
    const today = todayIn(country);
    const closures = new Set(
      (await rows<{ day: string }>(db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = ${country}`)).map(
        (r) => r.day,
      ),
    );
    // The first open day after today in the location's country.
    const openDay = Array.from({ length: 20 }, (_, i) => new Date(Date.parse(`${today}T12:00:00Z`) + (i + 1) * 86_400_000))
      .map((d) => d.toISOString().slice(0, 10))
      .find((d) => isOpenDay(d, country, closures));
    // Counts are registered by a customer admin: kari, at her location.
    const kariLocation = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data.id as number;
    const [held] = await rows<{ productId: number; countryId: Country }>(
      db,
      sql`SELECT b.product_id AS "productId", l.country_id AS "countryId" FROM balances b JOIN locations l ON l.id = b.location_id
          WHERE b.location_id = ${kariLocation} ORDER BY b.product_id LIMIT 1`,
    );
    const container = product('CONT-A').id;
    creates = [
      {
        url: '/api/Rentals',
        user: 'mikko',
        table: 'rentals',
        body: () => ({ locationId: location, productId: container, quantity: 2, startDate: today }),
      },
      {
        url: '/api/ContainerOrders',
        user: 'mikko',
        table: 'container_orders',
        body: () => ({ locationId: location, productId: container, quantity: 3, wantedDate: openDay }),
      },
      {
        url: '/api/SupportTickets',
        user: 'mikko',
        table: 'support_tickets',
        body: () => ({ topic: 'Kontit puuttuvat', description: 'Kaksi konttia puuttui.' }),
      },
      {
        url: '/api/CountAudits',
        user: 'kari',
        table: 'count_audits',
        body: () => ({
          locationId: kariLocation,
          date: todayIn(held?.countryId as Country),
          lines: [{ productId: Number(held?.productId), countedQuantity: 10 }],
        }),
      },
    ];
  });
  afterAll(() => ctx.close());

  const count = async (table: Create['table']) =>
    Number((await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]?.n);
  const post = (create: Create, body: Record<string, unknown>, token = tokens[create.user]) =>
    ctx.call('POST', create.url, { token, body });

  it('the same key twice, one after the other, creates one and answers it both times', async () => {
    for (const create of creates) {
      const before = await count(create.table);
      const key = `retry-${create.table}-1`;
      const first = await post(create, { ...create.body(), idempotencyKey: key });
      expect(first.status, `${create.url} ${JSON.stringify(first.body)}`).toBe(200);
      const again = await post(create, { ...create.body(), idempotencyKey: key });
      expect(again.status, create.url).toBe(200);
      expect(again.body.data.id, create.url).toBe(first.body.data.id);
      expect(await count(create.table), create.url).toBe(before + 1);
      // Without a key every call creates.
      expect((await post(create, create.body())).status, create.url).toBe(200);
      expect(await count(create.table), create.url).toBe(before + 2);
    }
  });

  it('the same key twice at once creates one; both calls answer it', async () => {
    for (const create of creates) {
      const before = await count(create.table);
      const key = `race-${create.table}-1`;
      const answers = await Promise.all([0, 1, 2].map(() => post(create, { ...create.body(), idempotencyKey: key })));
      expect(
        answers.map((a) => a.status),
        `${create.url} ${JSON.stringify(answers.map((a) => a.body))}`,
      ).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.data.id)).size, create.url).toBe(1);
      expect(await count(create.table), create.url).toBe(before + 1);
    }
  });

  it('a key is the user’s own and the create’s own; a refused create keeps no key', async () => {
    const [rental, , ticket] = creates as [Create, Create, Create, Create];
    // Another user with the same key opens a case of their own.
    const mine = await post(ticket, { ...ticket.body(), idempotencyKey: 'shared-key-1' });
    const theirs = await post(ticket, { ...ticket.body(), idempotencyKey: 'shared-key-1' }, tokens.kari);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    // The same key on another kind of create is another create.
    const before = await count('rentals');
    expect((await post(rental, { ...rental.body(), idempotencyKey: 'shared-key-1' })).status).toBe(200);
    expect(await count('rentals')).toBe(before + 1);
    // A refused create (a start in the past) keeps no key: the corrected call with the same key creates.
    expect((await post(rental, { ...rental.body(), startDate: '2020-01-02', idempotencyKey: 'fixed-key-1' })).status).toBe(400);
    const fixed = await post(rental, { ...rental.body(), idempotencyKey: 'fixed-key-1' });
    expect(fixed.status).toBe(200);
    expect(await count('rentals')).toBe(before + 2);
    // A key too short or too long is a field error.
    for (const idempotencyKey of ['short', 'x'.repeat(101)]) {
      const bad = await post(rental, { ...rental.body(), idempotencyKey });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual(['idempotencyKey']);
    }
  });
});
