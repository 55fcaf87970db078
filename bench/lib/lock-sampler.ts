/**
 * Where a PostgreSQL database's connections spend a benchmark's time: every `intervalMs` one
 * query of `pg_stat_activity` (and `pg_blocking_pids`) on a connection of its own, counting each
 * other connection of the database by what it was doing then: running a statement, waiting
 * for a lock (which statement waits, and what its blocker was doing: running one, or idle in
 * its transaction while the application worked), or idle in a transaction. A connection seen
 * in N samples of `intervalMs` spent about N x `intervalMs` ms so. Used by bench/order-writes
 * (`--sample-locks`).
 */
import pg from 'pg';

/** One kind of time: a state, its wait event and the statement's first words. */
export interface SampleRow {
  what: string;
  /** Connection-samples seen so. */
  samples: number;
}

/** A running sampler: `stop` ends it and answers the kinds of time, most seen first. */
export interface LockSampler {
  stop(): Promise<{ samples: number; rows: SampleRow[] }>;
}

/** The first words of a statement, enough to tell which write it is (whitespace folded). */
function head(query: string | null): string {
  return (query ?? '').replace(/\s+/g, ' ').trim().slice(0, 70);
}

/** Starts sampling the database of `url` every `intervalMs` ms until `stop`. */
export async function startLockSampler(url: string, intervalMs = 20): Promise<LockSampler> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const { rows } = await client.query<{
        state: string | null;
        waitType: string | null;
        wait: string | null;
        query: string | null;
        blockerState: string | null;
        blockerQuery: string | null;
      }>(
        `SELECT a.state, a.wait_event_type AS "waitType", a.wait_event AS wait, a.query,
                b.state AS "blockerState", b.query AS "blockerQuery"
           FROM pg_stat_activity a
           LEFT JOIN LATERAL (SELECT state, query FROM pg_stat_activity
                              WHERE pid = (pg_blocking_pids(a.pid))[1]) b ON a.wait_event_type = 'Lock'
          WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'`,
      );
      samples++;
      for (const row of rows) {
        if (row.state === 'idle') continue;
        let what: string;
        if (row.waitType === 'Lock')
          what = `lock ${row.wait}: ${head(row.query)}  <- blocker ${row.blockerState}: ${head(row.blockerQuery)}`;
        else if (row.state === 'idle in transaction') what = `idle in transaction after: ${head(row.query)}`;
        else what = `${row.state}${row.waitType ? ` (${row.waitType} ${row.wait})` : ''}: ${head(row.query)}`;
        counts.set(what, (counts.get(what) ?? 0) + 1);
      }
      const rest = intervalMs - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      await client.end();
      const rows = [...counts].map(([what, n]) => ({ what, samples: n })).sort((a, b) => b.samples - a.samples);
      return { samples, rows };
    },
  };
}
