/**
 * Opens the database: PGlite in a data directory (default), or PostgreSQL through a `pg`
 * pool when a connection string is given. Both run the same drizzle migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

// biome-ignore lint/suspicious/noExplicitAny: both drivers' query-result types
export type Db = PgDatabase<any, typeof schema>;
/** A database or an open transaction: every use case takes one of these. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

/** Raised when a PGlite data directory is already open in another process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data directory ${dataDir} is already in use by process ${pid}. ` +
        'Stop that process first, or start this one with another DATA_DIR (or DATABASE_URL).',
    );
  }
}

/**
 * Takes an exclusive lock on a data directory with a lock file holding our pid. PGlite has no
 * lock between processes, and two writers corrupt the directory. A lock left by a process
 * that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = path.join(dataDir, 'portal.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(lockPath, 'utf8'));
      if (pid && pid !== process.pid && isRunning(pid)) throw new DataDirInUseError(dataDir, pid);
      fs.unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Opens PGlite. `dataDir` null opens an in-memory database; `loadDataDir` starts it from a
 * dump (tests start every file from one seeded dump).
 */
export async function openPglite(options: { dataDir: string | null; loadDataDir?: Blob }): Promise<Database> {
  let release = () => {};
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    release = lockDataDir(options.dataDir);
  }
  try {
    // 'memory://' rather than undefined: with an undefined first argument PGlite 0.5 ignores the
    // options (and so `loadDataDir`).
    const client = new PGlite(options.dataDir ?? 'memory://', {
      parsers: pgliteParsers,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      async close() {
        await client.close();
        release();
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
  return { db, kind: 'postgres', close: () => pool.end() };
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
