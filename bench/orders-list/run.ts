/**
 * bench/orders-list: the orders grid under load (issue 2, "Performance"; issue 7: measured on
 * settled databases).
 *
 * Seeds one database per size (N orders each), then lets them settle before anything is timed:
 * `VACUUM ANALYZE` and `CHECKPOINT` on each, then it waits until no autovacuum or vacuum/analyze
 * runs in them (pg_stat_activity, pg_stat_progress_vacuum, pg_stat_progress_analyze; PGlite has
 * no autovacuum), and runs a warm-up pass over every size. Checkpoints of the whole server
 * during each measurement (other databases' writes cause them too) are counted and printed. Then, in `--rounds` rounds with the
 * sizes alternated (A B, B A, A B, ...), for one location's orders (status filter, sorted by
 * send date, 50 per page) it measures
 *   - GET /api/Orders through the real server under autocannon, with 50 connections and with 1
 *     (single-client latency), and
 *   - the same SQL (the page, and the total from order_counts, as the API runs them) sent
 *     straight to the database, by 50 concurrent clients and by 1 (`pg` pool on PostgreSQL; the
 *     PGlite client on PGlite),
 * and prints the median over the rounds of requests/s, p50 and p99 of each, the API/SQL ratio,
 * and p50 at the largest size over p50 at the smallest: the query's own growth, not the seed's
 * checkpoint or autovacuum. Each figure carries the machine's 1-minute load average (os.loadavg)
 * at its start, since other work on the machine moves every number.
 *
 * `--databases a,b` measures existing PostgreSQL databases instead (the ten-year seed,
 * bench/history-seed; issue 21), kept afterwards; each one's size is its number of orders.
 *
 * Usage: npm run orders-list -w bench -- [--orders 200000[,1000000]] [--db both|pglite|postgres]
 *        [--seconds 10] [--rounds 3] [--connections 50] [--databases portal_history_1m,portal_history_10m]
 *        [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ZOrdersQuery } from '@portal/domain';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { type Database, openPostgres, rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { buildOrdersSql } from '@portal/server/src/modules/orders/find-orders.js';
import { countersSql } from '@portal/server/src/modules/orders/order-counts.js';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { adminQuery, type Backend, openBenchDatabase, settlePostgres as settle } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '200000' },
    db: { type: 'string', default: 'both' },
    seconds: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    connections: { type: 'string', default: '50' },
    databases: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const attached = values.databases?.split(',') ?? [];
const sizes = attached.length ? [] : values.orders.split(',').map(Number);
const backends: Backend[] = attached.length ? ['postgres'] : values.db === 'both' ? ['postgres', 'pglite'] : [values.db as Backend];
const dialect = new PgDialect();

/** One timed run: requests (or statement pairs) per second and latency percentiles in ms. */
interface Figure {
  rps: number;
  p50: number;
  p99: number;
  /** The 1-minute load average when the run started. */
  load: number;
  /** PostgreSQL checkpoints (any database's) during the measurement of this size and round. */
  checkpoints?: number;
}
type Kind = 'api' | 'api1' | 'sql' | 'sql1';
const kindNames: Record<Kind, string> = {
  api: `API, ${connections} connections`,
  api1: 'API, 1 client',
  sql: `SQL, ${connections} clients`,
  sql1: 'SQL, 1 client',
};
/** Every round's figures, by backend, size and kind. */
const figures = new Map<string, Figure[]>();
const record = (backend: Backend, size: number, kind: Kind, figure: Figure) => {
  const key = `${backend}/${size}/${kind}`;
  figures.set(key, [...(figures.get(key) ?? []), figure]);
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
const median = (list: number[]) =>
  percentile(
    [...list].sort((a, b) => a - b),
    50,
  );
const load = () => os.loadavg()[0] ?? 0;

/** A seeded database of one size, closed between measurements (PostgreSQL) or kept open (PGlite). */
interface Seeded {
  backend: Backend;
  size: number;
  /** The PostgreSQL database's URL; null on PGlite. */
  url: string | null;
  /** The open PGlite database; null on PostgreSQL (opened per measurement). */
  pglite: Database | null;
  name: string;
  locationId: number;
  loginName: string;
  cleanup: () => Promise<void>;
}

async function seed(backend: Backend, size: number): Promise<Seeded> {
  console.log(`\n== ${backend}, ${size.toLocaleString('en-US')} orders: seeding...`);
  const { database, url, cleanup } = await openBenchDatabase(backend, `bench_orders_${size}`, values.postgres, 4);
  const started = Date.now();
  await seedDemoData(database.db, { orders: size });
  await database.db.execute(sql`VACUUM ANALYZE`);
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return described(backend, size, database, url, cleanup);
}

/** An existing PostgreSQL database (`--databases`), kept: its size is its number of orders. */
async function attach(name: string): Promise<Seeded> {
  const url = new URL(values.postgres);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  const [count] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
  const size = Number(count?.n);
  sizes.push(size);
  console.log(`\n== ${name}: ${size.toLocaleString('en-US')} orders`);
  return described('postgres', size, database, url.toString(), async () => {});
}

/** The busiest location, the global admin and the database's name of a seeded or attached database. */
async function described(
  backend: Backend,
  size: number,
  database: Database,
  url: string | null,
  cleanup: () => Promise<void>,
): Promise<Seeded> {
  // The busiest customer location: the grid of a location with a long history (both sides'
  // orders, from the counters the grid's total reads).
  const [busiest] = await rows<{ id: number; n: number }>(
    database.db,
    sql`SELECT l.id, sum(c.n)::int AS n FROM locations l JOIN order_counts c ON c.location_id = l.id
        WHERE l.type_id <> 'NLP' GROUP BY l.id ORDER BY n DESC, l.id LIMIT 1`,
  );
  if (!busiest) throw new Error('no location with orders');
  const [user] = await rows<{ login: string }>(
    database.db,
    sql`SELECT login_name AS login FROM users WHERE is_global_admin AND is_active ORDER BY id LIMIT 1`,
  );
  const [current] = await rows<{ name: string }>(database.db, sql`SELECT current_database() AS name`);
  console.log(`   location ${busiest.id} has ${busiest.n} orders`);
  if (backend === 'postgres') await database.close();
  return {
    backend,
    size,
    url,
    pglite: backend === 'pglite' ? database : null,
    name: current?.name ?? '',
    locationId: busiest.id,
    loginName: user?.login ?? 'admin',
    cleanup: async () => {
      if (backend === 'pglite') await database.close();
      await cleanup();
    },
  };
}

/** Runs one statement as the PostgreSQL superuser of `--postgres`. */
const admin = <T extends pg.QueryResultRow>(statement: string, params: unknown[] = []) => adminQuery<T>(values.postgres, statement, params);

/** Settles the bench's databases before the warm-up and every measurement (bench/lib: CHECKPOINT, autovacuum idle). */
const settlePostgres = (databases: string[], checkpoint: boolean) => settle(values.postgres, databases, checkpoint);

/** Checkpoints PostgreSQL has made so far (timed and requested), for runs a checkpoint disturbed. */
async function checkpointCount(): Promise<number> {
  const [row] = await admin<{ n: string }>('SELECT checkpoints_timed + checkpoints_req AS n FROM pg_stat_bgwriter');
  return Number(row?.n ?? 0);
}

/** Times `run` from `clients` concurrent loops for `duration` seconds. */
async function timeLoop(run: () => Promise<void>, clients: number, duration: number): Promise<Figure> {
  const startLoad = load();
  const latencies: number[] = [];
  const until = Date.now() + duration * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        await run();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / duration, p50: percentile(latencies, 50), p99: percentile(latencies, 99), load: startLoad };
}

/**
 * Measures one size: the API with `connections` and with 1 connection, then the same SQL with
 * `connections` clients and with 1. With `record` false it is the warm-up (2 s each, not kept).
 */
async function measure(s: Seeded, keep: boolean): Promise<void> {
  const duration = keep ? seconds : 2;
  const database = s.pglite ?? (await openPostgres(s.url as string, connections));
  const app = await buildApp({ db: database.db, config: { ...readConfig({}), port: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const login = await app.inject({ method: 'POST', url: '/api/Login', payload: { userLoginName: s.loginName, password: 'demo1234' } });
  const token = login.json().data.token as string;
  const query = `locationId=${s.locationId}&transactionStatus=5&orderBy[0].field=dateSend&orderBy[0].descending=true&count=50`;
  const startLoad = load();
  const api = await autocannon({
    url: `http://127.0.0.1:${port}/api/Orders?${query}`,
    connections,
    duration,
    headers: { authorization: `Bearer ${token}` },
  });
  if (api.non2xx > 0 || api.errors > 0) throw new Error(`API answered ${api.non2xx} non-2xx and ${api.errors} errors`);
  if (keep) record(s.backend, s.size, 'api', { rps: api.requests.average, p50: api.latency.p50, p99: api.latency.p99, load: startLoad });
  // One client, timed to the microsecond like the SQL (autocannon's percentiles are whole ms).
  const apiOne = await timeLoop(
    async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/Orders?${query}`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`API answered ${response.status}`);
    },
    1,
    duration,
  );
  if (keep) record(s.backend, s.size, 'api1', apiOne);
  await app.close();

  // The same two statements the API runs: the page, and the total from the counters.
  const parsed = ZOrdersQuery.parse(Object.fromEntries(new URLSearchParams(query)));
  const { pageSql, countSql } = buildOrdersSql([s.locationId], parsed);
  const page = dialect.sqlToQuery(pageSql);
  const count = dialect.sqlToQuery(countersSql([s.locationId], parsed, false) ?? countSql);
  let runQuery: () => Promise<void>;
  let closeRaw = async () => {};
  if (s.url) {
    // The API's pool goes first: two pools of 50 would reach PostgreSQL's max_connections.
    await database.close();
    const pool = new pg.Pool({ connectionString: s.url, max: connections });
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
  const sqlMany = await timeLoop(runQuery, connections, duration);
  const sqlOne = await timeLoop(runQuery, 1, duration);
  await closeRaw();
  if (keep) {
    record(s.backend, s.size, 'sql', sqlMany);
    record(s.backend, s.size, 'sql1', sqlOne);
  }
}

for (const backend of backends) {
  const seeded: Seeded[] = [];
  try {
    if (attached.length) for (const name of attached) seeded.push(await attach(name));
    else for (const size of sizes) seeded.push(await seed(backend, size));
    const pgNames = seeded.filter((s) => s.url).map((s) => s.name);
    console.log(`\n== ${backend}: settling (CHECKPOINT, autovacuum idle), then a warm-up pass over every size`);
    if (backend === 'postgres') {
      const [setting] = await admin<{ autovacuum: string }>('SHOW autovacuum');
      console.log(`   autovacuum is ${setting?.autovacuum} on this server`);
      await settlePostgres(pgNames, true);
    } else for (const s of seeded) await s.pglite?.db.execute(sql`CHECKPOINT`);
    for (const s of seeded) await measure(s, false);
    for (let round = 1; round <= rounds; round++) {
      // Sizes alternated: A B in odd rounds, B A in even ones, so drift on the machine hits both.
      const order = round % 2 === 1 ? seeded : [...seeded].reverse();
      for (const s of order) {
        if (backend === 'postgres') await settlePostgres(pgNames, false);
        console.log(`   round ${round}/${rounds}: ${s.size.toLocaleString('en-US')} orders (load ${load().toFixed(2)})`);
        const before = backend === 'postgres' ? await checkpointCount() : 0;
        await measure(s, true);
        if (backend === 'postgres') {
          const checkpoints = (await checkpointCount()) - before;
          for (const list of (['api', 'api1', 'sql', 'sql1'] as Kind[]).map((kind) => figures.get(`${backend}/${s.size}/${kind}`)))
            if (list?.length) (list[list.length - 1] as Figure).checkpoints = checkpoints;
          if (checkpoints) console.log(`   ${checkpoints} checkpoint(s) ran during this measurement`);
        }
      }
    }
  } finally {
    for (const s of seeded) await s.cleanup();
  }
}

const fmt = (n: number, width = 8) => n.toFixed(1).padStart(width);
console.log(
  `\nGET /api/Orders (one location, status 5, by send date, 50 per page); median of ${rounds} rounds of ${seconds} s each, sizes alternated, on settled databases\n`,
);
console.log('backend   orders     kind                  |    req/s   p50 ms   p99 ms | load at start (min-max) | checkpoints');
for (const backend of backends) {
  for (const size of sizes) {
    for (const kind of Object.keys(kindNames) as Kind[]) {
      const list = figures.get(`${backend}/${size}/${kind}`) ?? [];
      if (!list.length) continue;
      const loads = list.map((f) => f.load);
      console.log(
        `${backend.padEnd(9)} ${String(size).padEnd(10)} ${kindNames[kind].padEnd(21)} | ${fmt(median(list.map((f) => f.rps)))} ${fmt(median(list.map((f) => f.p50)))} ${fmt(median(list.map((f) => f.p99)))} | ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)} | ${list.map((f) => f.checkpoints ?? '-').join(', ')}`,
      );
    }
  }
}
console.log('');
for (const backend of backends) {
  const p50 = (size: number, kind: Kind) => median((figures.get(`${backend}/${size}/${kind}`) ?? []).map((f) => f.p50));
  for (const size of sizes) {
    console.log(
      `${backend} ${size}: p50 API/SQL = ${(p50(size, 'api') / p50(size, 'sql')).toFixed(2)}x with ${connections} connections, ` +
        `${(p50(size, 'api1') / p50(size, 'sql1')).toFixed(2)}x with 1`,
    );
  }
  const first = sizes[0] as number;
  const last = sizes.at(-1) as number;
  if (sizes.length > 1) {
    for (const kind of Object.keys(kindNames) as Kind[])
      console.log(`${backend}: p50 at ${last} / at ${first}, ${kindNames[kind]}: ${(p50(last, kind) / p50(first, kind)).toFixed(2)}x`);
  }
  for (const size of sizes) {
    const spread = (figures.get(`${backend}/${size}/api`) ?? []).map((f) => f.p50.toFixed(1)).join(', ');
    console.log(`${backend} ${size}: API p50 per round (${connections} connections): ${spread} ms`);
  }
}
