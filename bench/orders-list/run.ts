/**
 * bench/orders-list: the orders grid under load (issue 2, "Performance").
 * Seeds a database with N orders, then for one location's orders (status filter, sorted by
 * send date, 50 per page) measures
 *   - GET /api/Orders through the real server under autocannon (50 connections), and
 *   - the same SQL (the page, and the total from order_counts, as the API runs them) sent straight to the database,
 *     by 50 concurrent clients (`pg` pool on PostgreSQL; the PGlite client on PGlite),
 * and prints requests/s, p50 and p99 for both and their ratio, on PostgreSQL and on PGlite.
 *
 * Usage: npm run orders-list -w bench -- [--orders 200000[,1000000]] [--db both|pglite|postgres]
 *        [--seconds 10] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import { parseArgs } from 'node:util';
import { ZOrdersQuery } from '@portal/domain';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/db/seed.js';
import { buildOrdersSql } from '@portal/server/src/modules/orders/find-orders.js';
import { countersSql } from '@portal/server/src/modules/orders/order-counts.js';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openBenchDatabase } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '200000' },
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    connections: { type: 'string', default: '50' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const dialect = new PgDialect();

interface Result {
  backend: string;
  orders: number;
  kind: string;
  rps: number;
  p50: number;
  p99: number;
}
const results: Result[] = [];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function benchOne(backend: 'pglite' | 'postgres', orders: number) {
  console.log(`\n== ${backend}, ${orders.toLocaleString('en-US')} orders: seeding...`);
  const { database, url: rawUrl, cleanup } = await openBenchDatabase(backend, `bench_orders_${orders}`, values.postgres, 50);
  const started = Date.now();
  await seedDemoData(database.db, { orders });
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The busiest customer location: the grid of a location with a long history.
  const [busiest] = await rows<{ id: number; n: number }>(
    database.db,
    sql`SELECT l.id, count(*)::int AS n FROM locations l JOIN orders o ON o.location_id_from = l.id OR o.location_id_to = l.id
        WHERE l.type_id <> 'NLP' GROUP BY l.id ORDER BY n DESC LIMIT 1`,
  );
  if (!busiest) throw new Error('no location with orders');
  const [user] = await rows<{ login: string }>(
    database.db,
    sql`SELECT login_name AS login FROM users WHERE is_global_admin AND is_active ORDER BY id LIMIT 1`,
  );
  const config = { ...readConfig({}), port: 0 };
  const app = await buildApp({ db: database.db, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await app.inject({ method: 'POST', url: '/api/Login', payload: { userLoginName: user?.login, password: 'demo1234' } });
  const token = login.json().data.token as string;
  const query = `locationId=${busiest.id}&transactionStatus=5&orderBy[0].field=dateSend&orderBy[0].descending=true&count=50`;
  console.log(`   location ${busiest.id} has ${busiest.n} orders; GET /api/Orders?${query}`);

  const api = await autocannon({
    url: `http://127.0.0.1:${port}/api/Orders?${query}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  if (api.non2xx > 0 || api.errors > 0) throw new Error(`API answered ${api.non2xx} non-2xx and ${api.errors} errors`);
  results.push({ backend, orders, kind: 'API', rps: api.requests.average, p50: api.latency.p50, p99: api.latency.p99 });
  await app.close();

  // The same SQL, straight to the database.
  const parsed = ZOrdersQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  // The same two statements the API runs: the page, and the total from the counters.
  const { pageSql, countSql } = buildOrdersSql([busiest.id], parsed);
  const page = dialect.sqlToQuery(pageSql);
  const count = dialect.sqlToQuery(countersSql([busiest.id], parsed, false) ?? countSql);
  let runQuery: () => Promise<void>;
  let closeRaw = async () => {};
  if (rawUrl) {
    // The API's pool goes first: two pools of 50 would reach PostgreSQL's max_connections.
    await database.close();
    const pool = new pg.Pool({ connectionString: rawUrl, max: connections });
    pool.on('error', (error) => console.warn(`raw pool: ${error.message}`));
    runQuery = async () => {
      await Promise.all([pool.query(page.sql, page.params), pool.query(count.sql, count.params)]);
    };
    closeRaw = () => pool.end();
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the PGlite client behind drizzle
    const client = (database.db as any).$client as { query(sql: string, params: unknown[]): Promise<unknown> };
    runQuery = async () => {
      await Promise.all([client.query(page.sql, page.params), client.query(count.sql, count.params)]);
    };
  }
  const latencies: number[] = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        await runQuery();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  results.push({
    backend,
    orders,
    kind: 'SQL',
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  });
  await closeRaw();
  if (!rawUrl) await database.close();
  await cleanup();
}

const sizes = values.orders.split(',').map(Number);
const backends = values.db === 'both' ? (['postgres', 'pglite'] as const) : [values.db as 'pglite' | 'postgres'];
for (const backend of backends) for (const size of sizes) await benchOne(backend, size);

const fmt = (n: number) => n.toFixed(1).padStart(8);
console.log(`\nGET /api/Orders (one location, status 5, by send date, 50 per page), ${connections} connections, ${seconds} s each\n`);
console.log('backend   orders     | API req/s   p50 ms   p99 ms | SQL req/s   p50 ms   p99 ms | p50 API/SQL');
for (const backend of backends) {
  for (const size of sizes) {
    const a = results.find((r) => r.backend === backend && r.orders === size && r.kind === 'API');
    const s = results.find((r) => r.backend === backend && r.orders === size && r.kind === 'SQL');
    if (!a || !s) continue;
    console.log(
      `${backend.padEnd(9)} ${String(size).padEnd(10)} | ${fmt(a.rps)} ${fmt(a.p50)} ${fmt(a.p99)} | ${fmt(s.rps)} ${fmt(s.p50)} ${fmt(s.p99)} | ${(a.p50 / s.p50).toFixed(2)}x`,
    );
  }
  if (sizes.length > 1) {
    const first = results.find((r) => r.backend === backend && r.orders === sizes[0] && r.kind === 'API');
    const last = results.find((r) => r.backend === backend && r.orders === sizes.at(-1) && r.kind === 'API');
    if (first && last) console.log(`${backend}: API p50 at ${sizes.at(-1)} / at ${sizes[0]} = ${(last.p50 / first.p50).toFixed(2)}x`);
  }
}
