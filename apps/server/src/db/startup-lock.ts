/**
 * The start-up lock of several server processes on one PostgreSQL database (issue 21, "Several
 * processes"; docs/operations.md, "Several processes"). Migrations, the postal registers' load
 * and the demo data run once however many processes start at once: each process takes a
 * session-level advisory lock on a connection of its own before it migrates and holds it until
 * it has seeded; the others wait for it, then find the work done and go on. Without it two
 * processes started at once on an empty database both ran the first migration and one died
 * (duplicate key value violates unique constraint "pg_type_typname_nsp_index").
 *
 * PGlite needs none: its data directory admits one process (client.ts, `lockDataDir`).
 */
import pg from 'pg';

/** The advisory lock's key (two 32-bit halves; any fixed pair no other lock of the portal uses). */
export const STARTUP_LOCK_KEY = [202101, 1] as const;

/**
 * Runs `work` while this process holds the start-up lock of the PostgreSQL database at `url`
 * (`url` null: PGlite, `work` runs at once). Waits as long as another process holds it, saying
 * so once through `log`. The lock lives on a connection of its own, so `work` may use any pool,
 * and ends with that connection: a process that dies mid-way frees it for the next.
 * @returns what `work` answers
 * @throws what `work` or connecting throws (the lock is freed first)
 */
export async function withStartupLock<T>(
  url: string | null,
  work: () => Promise<T>,
  log: (line: string) => void = console.log,
): Promise<T> {
  if (!url) return work();
  const client = new pg.Client({ connectionString: url });
  // A lost lock connection frees the lock: reported here rather than crashing the start; the
  // work goes on (a process starting just then may run it beside this one, as before the lock).
  client.on('error', (error) => console.warn(`Start-up lock connection lost: ${error.message}`));
  await client.connect();
  try {
    const [a, b] = STARTUP_LOCK_KEY;
    const { rows } = await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS got', [a, b]);
    if (!rows[0]?.got) {
      log('Waiting for another process to finish migrating and loading data');
      await client.query('SELECT pg_advisory_lock($1, $2)', [a, b]);
    }
    return await work();
  } finally {
    // Closing the session frees its advisory lock.
    await client.end().catch(() => {});
  }
}
