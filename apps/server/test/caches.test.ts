/**
 * Global > Caching (issue 10; docs/caching.md): GET Caches and POST CacheEmpty for global admins
 * only, the lookups served from the caches, each empty logged; and, on PostgreSQL, two apps with
 * a pool each on one database (what two server processes are to LISTEN/NOTIFY): a logout, a
 * password change, a deactivation and a cache empty on one are seen by the other within a second.
 */
import { cacheNames } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Database, openPostgres, rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { CacheRegistry, NamedCache } from '../src/modules/caching/registry.js';
import { backends, openTestContext, type TestContext, testConfig } from './helpers.js';

// Nothing here writes orders or balances: the ledger is not touched.
const options = { ledgerCheck: false };
const nb = translator('nb-NO');

/** Polls `check` until it holds, for at most `withinMs` (no fixed sleeps): answers whether it held. */
async function eventually(check: () => Promise<boolean>, withinMs = 1000): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('caching (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'admin' | 'kari' | 'ole', string> = { admin: '', kari: '', ole: '' };

  beforeAll(async () => {
    ctx = await openTestContext(kind, options);
    for (const name of ['admin', 'kari', 'ole'] as const) tokens[name] = await ctx.login(name);
  });
  afterAll(() => ctx.close());

  const caches = async () => {
    const answer = await ctx.call('GET', '/api/Caches', { token: tokens.admin });
    expect(answer.status).toBe(200);
    return Object.fromEntries((answer.body.data as { name: string; entries: number; hits: number }[]).map((c) => [c.name, c]));
  };
  const logRows = () =>
    rows<{ kind: string; userId: number; data: { cache: string | null; entries: Record<string, number> } }>(
      ctx.database.db,
      sql`SELECT kind, user_id AS "userId", data FROM app_log WHERE kind = 'cacheEmpty' ORDER BY id`,
    );

  it('lists every cache with its size, age and lifetime to a global admin only', async () => {
    const list = (await ctx.call('GET', '/api/Caches', { token: tokens.admin })).body.data;
    expect(list.map((c: { name: string }) => c.name)).toEqual([...cacheNames]);
    const sessions = list.find((c: { name: string }) => c.name === 'sessions');
    expect(sessions.ttlSeconds).toBe(5);
    expect(sessions.entries).toBeGreaterThan(0); // the admin's own session, just read
    expect(list.find((c: { name: string }) => c.name === 'mailTexts').ttlSeconds).toBeNull();
    for (const who of ['kari', 'ole'] as const) {
      expect((await ctx.call('GET', '/api/Caches', { token: tokens[who] })).status).toBe(403);
      expect((await ctx.call('POST', '/api/CacheEmpty', { token: tokens[who], body: { name: 'products' } })).status).toBe(403);
    }
    expect((await ctx.call('GET', '/api/Caches')).status).toBe(401);
    expect(await logRows()).toEqual([]);
  });

  it('serves products, truck types, days and countries from the caches', async () => {
    await ctx.call('POST', '/api/CacheEmpty', { token: tokens.admin, body: {} });
    const reads = [
      '/api/products',
      '/api/TruckTypes',
      `/api/Days?from=${new Date().toISOString().slice(0, 7)}&to=${new Date().toISOString().slice(0, 7)}`,
      '/api/AddressCountryRegions',
    ];
    const first: unknown[] = [];
    // On PostgreSQL the empty's own NOTIFY comes back to this process a moment later and empties
    // the caches once more: read until the answers stay (each read fills its cache again).
    await expect
      .poll(async () => {
        first.length = 0;
        for (const url of reads) first.push((await ctx.call('GET', url, { token: tokens.kari })).body.data);
        const held = await caches();
        return ['products', 'truckTypes', 'days', 'countries'].map((name) => held[name]?.entries);
      })
      .toEqual([1, 1, 1, 1]);
    // The same answers again, now from the caches.
    for (const [i, url] of reads.entries()) expect((await ctx.call('GET', url, { token: tokens.kari })).body.data).toEqual(first[i]);
    expect((await caches()).products?.hits).toBeGreaterThan(0);
  });

  it('empties one cache or all, and logs each empty with who did it', async () => {
    await ctx.call('GET', '/api/products', { token: tokens.kari });
    await ctx.call('GET', '/api/TruckTypes', { token: tokens.kari });
    const one = await ctx.call('POST', '/api/CacheEmpty', { token: tokens.admin, body: { name: 'products' } });
    expect(one.status).toBe(200);
    expect(one.body.data.emptied).toEqual(['products']);
    let held = await caches();
    expect(held.products?.entries).toBe(0);
    expect(held.truckTypes?.entries).toBe(1);

    const all = await ctx.call('POST', '/api/CacheEmpty', { token: tokens.admin, body: {} });
    expect(all.body.data.emptied).toEqual([...cacheNames]);
    held = await caches();
    for (const name of ['products', 'truckTypes', 'days', 'countries', 'mailTexts']) expect(held[name]?.entries, name).toBe(0);
    // The admin's session was dropped too, and is read again: still signed in.
    expect((await ctx.call('GET', '/api/Caches', { token: tokens.admin })).status).toBe(200);

    const log = await logRows();
    const [admin] = await rows<{ id: number }>(ctx.database.db, sql`SELECT id FROM users WHERE login_name = 'admin'`);
    expect(log.slice(-2).map((row) => [row.kind, row.userId, row.data.cache])).toEqual([
      ['cacheEmpty', admin?.id, 'products'],
      ['cacheEmpty', admin?.id, null],
    ]);
    expect(log.at(-2)?.data.entries).toEqual({ products: 1 });
  });

  it('refuses an unknown cache with a translated field message and logs nothing', async () => {
    const before = (await logRows()).length;
    const answer = await ctx.call('POST', '/api/CacheEmpty', { token: tokens.admin, body: { name: 'everything' } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields.name).toBe(nb('caching.unknownCache'));
    expect((await logRows()).length).toBe(before);
  });
});

describe('a cache', () => {
  it('does not keep a value read before an empty that came while it was read', async () => {
    const cache = new NamedCache<string>('products', { ttlMs: 60_000, maxEntries: 10 });
    let release: (value: string) => void = () => {};
    const loading = cache.load('nb-NO|false', () => new Promise<string>((resolve) => (release = resolve)));
    cache.clear(); // an empty arrives while the database is read
    release('old');
    expect(await loading).toBe('old'); // the caller gets what it read ...
    expect(cache.info().entries).toBe(0); // ... but it is not kept
    expect(await cache.load('nb-NO|false', async () => 'new')).toBe('new');
    expect(cache.get('nb-NO|false')).toBe('new');
  });

  it('drops its oldest entry when full, and nothing is kept when its lifetime is 0', () => {
    const cache = new NamedCache<number>('days', { ttlMs: 60_000, maxEntries: 2 });
    cache.set('NO', 1);
    cache.set('SE', 2);
    cache.set('DK', 3);
    expect([cache.get('NO'), cache.get('SE'), cache.get('DK')]).toEqual([undefined, 2, 3]);
    const off = new NamedCache<number>('sessions', { ttlMs: 0, maxEntries: 2 });
    off.set('a', 1);
    expect(off.get('a')).toBeUndefined();
  });

  it('drops only the sessions of the user or session a message names; an unreadable message empties all', () => {
    const registry = new CacheRegistry();
    const sessions = registry.add(
      new NamedCache<{ sessionId: number; loginUser: { id: number }; user: { id: number } }>('sessions', { ttlMs: 60_000, maxEntries: 10 }),
    );
    const products = registry.add(new NamedCache<string>('products', { ttlMs: 60_000, maxEntries: 10 }));
    sessions.set('t1', { sessionId: 1, loginUser: { id: 7 }, user: { id: 7 } });
    sessions.set('t2', { sessionId: 2, loginUser: { id: 1 }, user: { id: 7 } }); // an admin acting as user 7
    sessions.set('t3', { sessionId: 3, loginUser: { id: 8 }, user: { id: 8 } });
    products.set('x', 'y');
    registry.apply({ cache: 'sessions', sessionId: 3 });
    expect(sessions.info().entries).toBe(2);
    registry.apply({ cache: 'sessions', userId: 7 });
    expect(sessions.info().entries).toBe(0);
    expect(products.info().entries).toBe(1);
    registry.apply({});
    expect(products.info().entries).toBe(0);
  });
});

/** A second app with a pool of its own on the first context's PostgreSQL database. */
async function openPeer(ctx: TestContext): Promise<{ app: FastifyInstance; database: Database; close(): Promise<void> }> {
  const url = ctx.databaseUrl;
  if (!url) throw new Error('a PostgreSQL context');
  const database = await openPostgres(url, 4);
  const app = await buildApp({ db: database.db, listen: database.listen, config: testConfig });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe.runIf(backends.includes('postgres'))('caching across two server processes (postgres)', () => {
  let a: TestContext;
  let b: Awaited<ReturnType<typeof openPeer>>;

  beforeAll(async () => {
    a = await openTestContext('postgres', options);
    b = await openPeer(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** A call to B with a token, as the status it answers. */
  const statusOnB = async (url: string, token: string) =>
    (await b.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' } })).statusCode;
  const cachesOnB = async (token: string) =>
    Object.fromEntries(
      (await b.app.inject({ method: 'GET', url: '/api/Caches', headers: { authorization: `Bearer ${token}` } }))
        .json()
        .data.map((c: { name: string; entries: number }) => [c.name, c.entries]),
    ) as Record<string, number>;

  it('a logout on A is refused on B within a second, though B had the session cached', async () => {
    const token = await a.login('ole');
    expect(await statusOnB('/api/products', token)).toBe(200); // B caches ole's session (5 s)
    expect(await statusOnB('/api/products', token)).toBe(200);
    expect((await a.call('POST', '/api/logout', { token })).status).toBe(200);
    expect(await eventually(async () => (await statusOnB('/api/products', token)) === 401)).toBe(true);
  });

  it('a password change on A ends the user’s other sessions on B within a second', async () => {
    const other = await a.login('lise');
    const own = await a.login('lise');
    expect(await statusOnB('/api/products', other)).toBe(200);
    const [lise] = await rows<{ id: number }>(a.database.db, sql`SELECT id FROM users WHERE login_name = 'lise'`);
    const changed = await a.call('POST', '/api/userPassword', {
      token: own,
      body: { userId: lise?.id, oldPassword: 'demo1234', newPassword: 'demo12345' },
    });
    expect(changed.status).toBe(200);
    expect(await eventually(async () => (await statusOnB('/api/products', other)) === 401)).toBe(true);
    // The session that changed the password goes on, on both.
    expect(await statusOnB('/api/products', own)).toBe(200);
  });

  it('a deactivation on A signs the user out on B within a second', async () => {
    const kari = await a.login('kari');
    const [location] = await rows<{ id: number }>(a.database.db, sql`SELECT location_id AS id FROM users WHERE login_name = 'kari'`);
    const user = {
      name: 'Cache Test',
      loginName: 'cache.test',
      phone: '+47 912 34 567',
      email: 'cache.test@example.com',
      language: 'nb-NO',
      isActive: true,
      locationId: location?.id,
      secondaryLocationIds: [],
      roleIds: [],
      isGlobalAdmin: false,
      isCustomerAdmin: false,
      isSupport: false,
      supportCustomer: false,
      supportLocation: false,
      reportLevel: 0,
      financeReport: false,
      standardDraft: false,
      tasks: [],
      notifications: { autoCommit: false, deviation: true, disagree: false, highVolume: false, newCustomer: false, stockLevel: false },
    };
    const created = await a.call('POST', '/api/Users', { token: kari, body: user });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    await a.database.db.execute(
      sql`UPDATE users SET password_hash = ${await hashPassword('demo1234')}, confirmed_gdpr = true WHERE id = ${id}`,
    );
    const token = await a.login('cache.test');
    expect(await statusOnB('/api/products', token)).toBe(200);
    expect((await a.call('POST', '/api/Users', { token: kari, body: { ...user, id, isActive: false } })).status).toBe(200);
    expect(await eventually(async () => (await statusOnB('/api/products', token)) === 401)).toBe(true);
  });

  it('a cache empty on A empties B’s caches within a second', async () => {
    const admin = await a.login('admin');
    expect(await statusOnB('/api/products', admin)).toBe(200);
    expect(await statusOnB('/api/TruckTypes', admin)).toBe(200);
    expect((await cachesOnB(admin)).products).toBeGreaterThan(0);
    expect((await a.call('POST', '/api/CacheEmpty', { token: admin, body: { name: 'products' } })).status).toBe(200);
    expect(await eventually(async () => (await cachesOnB(admin)).products === 0)).toBe(true);
    expect((await cachesOnB(admin)).truckTypes).toBeGreaterThan(0);
    expect((await a.call('POST', '/api/CacheEmpty', { token: admin, body: {} })).status).toBe(200);
    expect(await eventually(async () => (await cachesOnB(admin)).truckTypes === 0)).toBe(true);
  });

  it('B listens again after its LISTEN connection is killed, and empties its caches then', async () => {
    const admin = await a.login('admin');
    expect(await statusOnB('/api/products', admin)).toBe(200);
    await a.database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND query = 'LISTEN portal_cache' AND pid <> pg_backend_pid()`,
    );
    // Both listeners were cut: B empties its caches once it is back, and hears A's empties again.
    expect(await eventually(async () => (await cachesOnB(admin)).products === 0, 5000)).toBe(true);
    expect(
      await eventually(async () => {
        await statusOnB('/api/products', admin);
        await a.call('POST', '/api/CacheEmpty', { token: admin, body: { name: 'products' } });
        return eventually(async () => (await cachesOnB(admin)).products === 0, 300);
      }, 5000),
    ).toBe(true);
  });
});
