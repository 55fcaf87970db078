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

/** Runs one statement on the server's maintenance database. */
async function admin(postgresUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
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
