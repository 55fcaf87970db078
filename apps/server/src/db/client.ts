/**
 * Opens the database: PGlite in a data directory (default), or PostgreSQL through a `pg`
 * pool when a connection string is given. Both run the same drizzle migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { channelName, listenPostgres } from './listen-postgres.js';
import * as schema from './schema/index.js';

// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types
export type Db = PgDatabase<any, typeof schema>;
/** A database or an open transaction: every use case takes one of these. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * Calls `onPayload` with every NOTIFY on `channel` (a lower-case identifier) until the
   * answered function is called. PostgreSQL: one dedicated connection per subscription (not
   * from the pool), opened again after it is lost, with `onReconnect` called once it is back
   * (notifications sent in between are lost: the listener should assume anything changed).
   * PGlite: its own LISTEN, in this process. Notifications sent inside a transaction arrive
   * after it commits, and never if it rolls back.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * The PostgreSQL pool's connections now: open (`total`), `idle`, queries `waiting` for one,
   * and the most it opens (`max`); the metrics read it (plugins/metrics.ts). Absent on PGlite.
   */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/**
 * Lets the event loop turn before each statement (and transaction) PGlite runs. PGlite runs a
 * statement on this thread, and its answer arrives as a resolved promise: a request of many
 * statements (a report reads a batch at a time) chained one to the next without ever letting a
 * timer or another request's I/O run, and held the whole server for seconds (issue 20). With a
 * turn before each, other requests' statements take their place in PGlite's queue between the
 * report's, so a long report costs another user at most a few of its statements.
 */
function yieldBeforeStatements(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    await nextTurn();
    return query(...args);
  }) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (async (...args: Parameters<PGlite['transaction']>) => {
    await nextTurn();
    return transaction(...args);
  }) as PGlite['transaction'];
}

/**
 * Whether `db` is PGlite, whose statements run on the server's own thread: while one runs,
 * nothing else does, so work that reads in batches keeps its batches small there (issue 20).
 */
export function runsOnServerThread(db: Tx): boolean {
  const client = (db as { $client?: object }).$client;
  return client !== undefined && pgliteClients.has(client);
}

/** The PGlite clients openPglite made (PGlite itself is imported only there: see openPglite). */
const pgliteClients = new WeakSet<object>();

/**
 * VACUUM ANALYZE of a PGlite database that has no planner statistics yet. PGlite runs no
 * autovacuum, so a data directory filled before (the demo data loader does it now) kept none: the planner,
 * guessing one row per table, nested its loops over the ledger (the retail report took 6-18 s and
 * held the server meanwhile), and without the visibility map the ledger's index-only scans read
 * the table too, three times slower on a data directory (issue 20; docs/performance.md, "Reports").
 */
async function vacuumAnalyzeOnce(client: PGlite): Promise<void> {
  const { rows: known } = await client.query(`SELECT 1 FROM pg_stats WHERE schemaname = 'public' AND tablename = 'ledger_entries' LIMIT 1`);
  const { rows: filled } = await client.query('SELECT 1 FROM ledger_entries LIMIT 1');
  if (known.length === 0 && filled.length > 0) await client.exec('VACUUM ANALYZE');
}

/**
 * Opens PGlite. `dataDir` null opens an in-memory database; `loadDataDir` starts it from a
 * dump (tests start every file from one seeded dump).
 */
export async function openPglite(options: { dataDir: string | null; loadDataDir?: Blob }): Promise<Database> {
  let release = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = await lockDataDir(options.dataDir);
  }
  try {
    // PGlite and its drizzle driver are imported here, so a process on PostgreSQL never loads them.
    const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    // 'memory://' rather than undefined: with an undefined first argument PGlite 0.5 ignores the
    // options (and so `loadDataDir`).
    const client = new PGlite(options.dataDir ?? 'memory://', {
      parsers: pgliteParsers,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
    pgliteClients.add(client);
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    await vacuumAnalyzeOnce(client);
    yieldBeforeStatements(client);
    return {
      db,
      kind: 'pglite',
      async close() {
        await client.close();
        release();
      },
      async listen(channel, onPayload) {
        if (!channelName.test(channel)) throw new Error(`Not a channel name: ${channel}`);
        const unlisten = await client.listen(channel, onPayload);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Opens PostgreSQL through a pool of `max` connections and migrates it. */
export async function openPostgres(url: string, max = 20): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (restart, failover, a dropped test database) is
  // reported here instead of crashing the process; the pool opens a new one when needed.
  pool.on('error', (error) => console.warn(`PostgreSQL idle connection closed: ${error.message}`));
  // Dates stay yyyy-MM-dd strings; bigint (int8) counts come back as numbers.
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await migratePg(db as never, { migrationsFolder });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
    async listen(channel, onPayload, onReconnect) {
      const stop = await listenPostgres(url, channel, onPayload, onReconnect);
      const unsubscribe = async () => {
        listeners.delete(unsubscribe);
        await stop();
      };
      listeners.add(unsubscribe);
      return unsubscribe;
    },
  };
}

// Business dates stay yyyy-MM-dd strings (never shifted by a time zone); bigint ids and
// counts come back as numbers (all of ours stay far below 2^53).
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));
const pgliteParsers = { 1082: (v: string) => v, 20: (v: string) => Number(v) };

/**
 * Today as a SQL `date`: the UTC day, as the portal counts business days (docs/domain.md, "Dates
 * of an order"; `todayUtc` on the JavaScript side, which the invoicing job's months follow), never
 * the session's time zone, which is the database server's setting (`current_date` would book an
 * order received at 01:00 in Oslo, or at 20:00 in a zone west of UTC, on another day).
 */
export const utcTodaySql = sql`(now() AT TIME ZONE 'UTC')::date`;

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T>(db: Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A unique-index violation (SQLSTATE 23505), from pg or PGlite, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

export { sql };
