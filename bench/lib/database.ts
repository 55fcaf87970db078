/**
 * The benchmarks' throw-away databases: a fresh PGlite data directory under the system's temp
 * folder, or a fresh PostgreSQL database created next to `postgresUrl` (the server's own
 * `openPglite` / `openPostgres`). `cleanup` removes the directory or drops the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '@portal/server/src/db/client.js';
import pg from 'pg';

export type Backend = 'pglite' | 'postgres';

export interface BenchDatabase {
  database: Database;
  /** The PostgreSQL database's URL, for a raw-SQL baseline; null on PGlite. */
  url: string | null;
  cleanup: () => Promise<void>;
}

/** Runs one statement on the database of `postgresUrl` (as its user: the bench's superuser) and answers its rows. */
export async function adminQuery<T extends pg.QueryResultRow>(
  postgresUrl: string,
  statement: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: postgresUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(statement, params)).rows;
  } finally {
    await client.end();
  }
}

const admin = async (postgresUrl: string, statement: string) => {
  await adminQuery(postgresUrl, statement);
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Settles PostgreSQL before a measurement: a CHECKPOINT when asked (the seed's dirty pages
 * written now, not during a run), then waits until no (auto)vacuum or analyze runs in
 * `databases` for 5 s in a row (at most 15 minutes).
 */
export async function settlePostgres(postgresUrl: string, databases: string[], checkpoint: boolean): Promise<void> {
  if (checkpoint) await admin(postgresUrl, 'CHECKPOINT');
  const started = Date.now();
  let quiet = 0;
  while (quiet < 5 && Date.now() - started < 15 * 60_000) {
    const [busy] = await adminQuery<{ n: number }>(
      postgresUrl,
      `SELECT (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker' AND datname = ANY($1))
            + (SELECT count(*) FROM pg_stat_progress_vacuum WHERE datname = ANY($1))
            + (SELECT count(*) FROM pg_stat_progress_analyze WHERE datname = ANY($1)) AS n`,
      [databases],
    );
    quiet = Number(busy?.n ?? 0) === 0 ? quiet + 1 : 0;
    if (quiet < 5) await sleep(1000);
  }
  if (quiet < 5) console.warn('   autovacuum still busy after 15 minutes; measuring anyway');
  else if (Date.now() - started > 6000) console.log(`   waited ${((Date.now() - started) / 1000).toFixed(0)} s for autovacuum`);
}

/**
 * Opens an empty database named `name` (letters, digits and underscores; the process id is
 * added) on `backend`, with a pool of `pool` connections on PostgreSQL.
 */
export async function openBenchDatabase(backend: Backend, name: string, postgresUrl: string, pool = 50): Promise<BenchDatabase> {
  const unique = `${name}_${process.pid}`;
  if (backend === 'pglite') {
    const dir = path.join(os.tmpdir(), unique);
    fs.rmSync(dir, { recursive: true, force: true });
    const database = await openPglite({ dataDir: dir });
    return { database, url: null, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  await admin(postgresUrl, `CREATE DATABASE ${unique}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${unique}`;
  const database = await openPostgres(url.toString(), pool);
  return { database, url: url.toString(), cleanup: () => admin(postgresUrl, `DROP DATABASE IF EXISTS ${unique} WITH (FORCE)`) };
}
