/**
 * bench/reports: the reports under a large ledger (issue 8, "Tests, benchmark").
 *
 * Seeds one PostgreSQL database per size (the demo seed with N orders), `VACUUM ANALYZE`s it and
 * lets it settle (CHECKPOINT, no autovacuum running), then runs the portal's real server as a
 * child process on it (`apps/server/src/main.ts`, SEED_DEMO and SCHEDULER off) and measures:
 *
 * 1. Timed calls (`calls` below; one entry per call, so adding a call is adding an entry): each
 *    call's p50 through the API (autocannon, one connection, a fixed number of requests, after a
 *    warm-up) and, where the entry gives it, the p50 of the same SQL the API runs sent straight
 *    to the database through `pg` (timed the same way), with the ratio API / SQL. With several
 *    sizes, each call's p50 at the largest size over that at the smallest. Built in: the
 *    transactions report of a chain (the corporate group with the most movements; its chain-level
 *    user) for the last 365 days, with its SQL (`balancesBeforeSql`, `transactionBatchSql`); and
 *    GET BalanceHistory of the chain's busiest location and product for the balance screen's
 *    default 90 days, and for the period holding its last 1,000 entries (the same answer at
 *    every size; the API only).
 * 2. The Excel export (format=xlsx) of the transactions report at about 10,000 and about 100,000
 *    rows (the global admin's report for a period ending today, its start chosen from the ledger
 *    so the report has about that many rows): the server's peak resident memory above its idle.
 *    Each export runs in a fresh server process: start, one small warm-up export, idle = VmRSS
 *    once settled, then the peak high-water mark reset (/proc/<pid>/clear_refs) and the measured
 *    export downloaded; peak = VmHWM. Growth = peak - idle; the median of `--export-rounds`.
 *    Targets: under 150 MB at 100,000 rows, and within 1.3x of the growth at 10,000.
 *
 * Every figure carries the machine's 1-minute load average at its start: other work on the
 * machine moves every number (`--calm L` waits for a load average below L before each measurement). `--smoke` runs the whole thing small (20,000 orders, a few
 * requests, exports of about 1,000 and 5,000 rows) as a quick check that the bench still works.
 *
 * `--databases a,b` measures existing PostgreSQL databases instead (the ten-year seed,
 * bench/history-seed; issue 21), kept afterwards; each one's size is its number of orders. With
 * it, two more calls measure a period years back (`--back 5` years): the balance history of the
 * same location and product for its 1,000 entries up to that day, and the chain's transactions
 * report of the 365 days up to it, whose answers do not grow with the years after them. What the
 * calls need of a database, attached or seeded, and the calls years back are in
 * bench/lib/report-databases.ts; one export's measurement in bench/lib/report-export.ts.
 *
 * Usage: npm run reports -w bench -- [--orders 1000000[,200000]] [--requests 15] [--export-rounds 3]
 *        [--databases portal_history_1m,portal_history_10m [--back 5]]
 *        [--export-rows 10000,100000 | --no-export] [--smoke] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 *        [--port 3199] [--calm 3 [--calm-minutes 30]]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { addPlainDays } from '@portal/domain';
import { sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { BATCH_ROWS } from '@portal/server/src/modules/reports/report-definition.js';
import { balancesBeforeSql } from '@portal/server/src/modules/reports/report-lookups.js';
import { type EntryCursor, type TransactionBatchRow, transactionBatchSql } from '@portal/server/src/modules/reports/transactions-report.js';
import autocannon from 'autocannon';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openBenchDatabase, settlePostgres } from '../lib/database.js';
import { startPortal } from '../lib/portal-process.js';
import {
  attachDatabase,
  backCalls,
  describeDatabase,
  HISTORY_ENTRIES,
  type MeasuredCall,
  type ReportDays,
  type Seeded,
} from '../lib/report-databases.js';
import { type ExportFigure, measureExport, periodStartFor } from '../lib/report-export.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string' },
    requests: { type: 'string' },
    'export-rounds': { type: 'string' },
    'export-rows': { type: 'string' },
    'no-export': { type: 'boolean', default: false },
    smoke: { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    port: { type: 'string', default: '3199' },
    calm: { type: 'string' },
    'calm-minutes': { type: 'string', default: '30' },
    databases: { type: 'string' },
    back: { type: 'string', default: '5' },
  },
});
const attached = values.databases?.split(',') ?? [];
const smoke = values.smoke ?? false;
const sizes = attached.length ? [] : (values.orders ?? (smoke ? '20000' : '1000000')).split(',').map(Number);
const requests = Number(values.requests ?? (smoke ? 3 : 15));
const exportRounds = Number(values['export-rounds'] ?? (smoke ? 1 : 3));
const exportTargets = values['no-export'] ? [] : (values['export-rows'] ?? (smoke ? '1000,5000' : '10000,100000')).split(',').map(Number);
const port = Number(values.port);
const dialect = new PgDialect();

const load = () => os.loadavg()[0] ?? 0;
const calm = values.calm === undefined ? null : Number(values.calm);

/**
 * With `--calm L`: waits (at most `--calm-minutes`) until the machine's 1-minute load average is
 * below L before a measurement, so that other work on a shared machine moves the figures less.
 */
async function waitForCalm(): Promise<void> {
  if (calm === null) return;
  const until = Date.now() + Number(values['calm-minutes']) * 60_000;
  if (load() >= calm) console.log(`   waiting for a load average below ${calm} (now ${load().toFixed(2)})`);
  while (load() >= calm && Date.now() < until) await sleep(5000);
  if (load() >= calm) console.warn(`   still at load ${load().toFixed(2)}; measuring anyway`);
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)] ?? 0;
const today = new Date().toISOString().slice(0, 10);
const daysBefore = (day: string, days: number) => addPlainDays(day, -days);

/** Runs a drizzle statement through a `pg` pool. */
async function run(pool: pg.Pool, statement: ReturnType<typeof sql>): Promise<pg.QueryResultRow[]> {
  const query = dialect.sqlToQuery(statement);
  return (await pool.query(query.sql, query.params)).rows;
}

const period = { from: daysBefore(today, 364), to: today };

/** The calls to time; add one here and it is measured on every size. */
const calls: MeasuredCall[] = [
  {
    name: 'GET Reports/transactions, a chain, 365 days',
    user: (s) => s.chainLogin,
    path: () => `/api/Reports/transactions?from=${period.from}&to=${period.to}`,
    // The SQL the report runs: the balances at `from`, then each location's rows a batch at a
    // time, each batch going on from the last one's balances (as the API does, `transactionJson`).
    sql: async (s, pool) => {
      const carry = new Map<number, Record<string, number>>();
      for (const b of await run(pool, balancesBeforeSql(s.chainLocationIds, null, period.from))) {
        const balances = carry.get(Number(b.locationId)) ?? {};
        balances[b.productId] = (balances[b.productId] ?? 0) + Number(b.quantity);
        carry.set(Number(b.locationId), balances);
      }
      for (const locationId of s.chainLocationIds) {
        let after: EntryCursor | null = null;
        for (;;) {
          const statement = transactionBatchSql({
            ...period,
            productId: null,
            transactionTypeId: null,
            batchRows: BATCH_ROWS,
            locationId,
            locationName: s.chainLocationNames.get(locationId) ?? '',
            after,
            carry: carry.get(locationId) ?? {},
            labels: s.chainLabels,
          });
          const [batch] = (await run(pool, statement)) as unknown as TransactionBatchRow[];
          if (batch?.carry) carry.set(locationId, { ...carry.get(locationId), ...JSON.parse(batch.carry) });
          if (!batch || batch.read < BATCH_ROWS || batch.lastDay === null) break;
          after = { day: batch.lastDay, id: Number(batch.lastId) };
        }
      }
    },
  },
  {
    // The balance screen's history (its default period: 90 days up to today) of the chain's
    // busiest location and product, as the global admin.
    name: 'GET BalanceHistory, busiest location, 90 days',
    user: (s) => s.adminLogin,
    path: (s) =>
      `/api/BalanceHistory?locationId=${s.busiest.locationId}&productId=${s.busiest.productId}&from=${daysBefore(today, 89)}&to=${today}`,
  },
  {
    // The same location and product, for the period that holds its last HISTORY_ENTRIES entries:
    // an answer of the same length at every size, so the ratio between sizes is the read's own
    // (the index range read), not the answer's growth (the seed puts more orders into each day).
    name: `GET BalanceHistory, busiest location, its last ${HISTORY_ENTRIES} entries`,
    user: (s) => s.adminLogin,
    path: (s) =>
      `/api/BalanceHistory?locationId=${s.busiest.locationId}&productId=${s.busiest.productId}&from=${s.historyFrom}&to=${today}`,
  },
];

/** The last day of the periods `--back` years ago (with `--databases`: `backCalls`, bench/lib/report-databases.ts). */
const days: ReportDays = { today, period, backTo: daysBefore(today, Math.round(Number(values.back) * 365.25)) };
if (attached.length) calls.push(...backCalls(values.back, days));

/** CHECKPOINT, then wait until no (auto)vacuum or analyze runs in `databases` (bench/lib). */
const settle = (databases: string[]) => settlePostgres(values.postgres, databases, true);

async function seed(size: number): Promise<Seeded> {
  console.log(`\n== ${size.toLocaleString('en-US')} orders: seeding... (load ${load().toFixed(2)})`);
  const bench = await openBenchDatabase('postgres', `bench_reports_${size}`, values.postgres, 4);
  const db = bench.database.db;
  const started = Date.now();
  await seedDemoData(db, { orders: size });
  await db.execute(sql`VACUUM ANALYZE`);
  console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return describeDatabase(size, bench.database, bench.url as string, bench.cleanup, days);
}

/** Times `count` sequential runs of `task`: p50 in ms. */
async function timeRuns(task: () => Promise<void>, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    await task();
    times.push(performance.now() - t);
  }
  return median(times);
}

interface CallFigure {
  call: string;
  size: number;
  apiP50: number;
  sqlP50: number | null;
  load: number;
  rows: number;
}

async function measureCalls(s: Seeded): Promise<CallFigure[]> {
  const figures: CallFigure[] = [];
  await settle([s.name]);
  await waitForCalm();
  const server = await startPortal(s.url, port);
  const pool = new pg.Pool({ connectionString: s.url, max: 2 });
  try {
    for (const call of calls) {
      const token = await server.token(call.user(s));
      const url = `${server.base}${call.path(s)}`;
      // Warm-up, and the size of the answer.
      const first = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      if (first.status !== 200) throw new Error(`${call.name}: ${first.status} ${await first.text()}`);
      const body = (await first.json()) as { data: { rows?: unknown[]; entries?: unknown[] } };
      const answered = body.data.rows?.length ?? body.data.entries?.length ?? 0;
      const startLoad = load();
      const api = await autocannon({ url, connections: 1, amount: requests, headers: { authorization: `Bearer ${token}` }, timeout: 120 });
      if (api.non2xx > 0 || api.errors > 0) throw new Error(`${call.name}: ${api.non2xx} non-2xx, ${api.errors} errors`);
      let sqlP50: number | null = null;
      if (call.sql) {
        const runSql = call.sql;
        await runSql(s, pool);
        sqlP50 = await timeRuns(() => runSql(s, pool), requests);
      }
      figures.push({ call: call.name, size: s.size, apiP50: api.latency.p50, sqlP50, load: startLoad, rows: answered });
      console.log(
        `   ${call.name}: ${answered} rows, API p50 ${api.latency.p50} ms, SQL p50 ${sqlP50?.toFixed(0) ?? '-'} ms (load ${startLoad.toFixed(2)})`,
      );
    }
  } finally {
    await pool.end();
    await server.stop();
  }
  return figures;
}

const callFigures: CallFigure[] = [];
const exportFigures: ExportFigure[] = [];
const seeded: Seeded[] = [];
try {
  for (const name of attached) {
    const s = await attachDatabase(name, values.postgres, days);
    sizes.push(s.size);
    seeded.push(s);
  }
  if (!attached.length) for (const size of sizes) seeded.push(await seed(size));
  for (const s of seeded) {
    console.log(`\n== ${s.size.toLocaleString('en-US')} orders: timed calls (${requests} requests each)`);
    callFigures.push(...(await measureCalls(s)));
  }
  const largest = seeded.at(-1) as Seeded;
  console.log(`\n== ${largest.size.toLocaleString('en-US')} orders: Excel export, ${exportRounds} round(s), a fresh server each`);
  const starts = new Map<number, string>();
  for (const target of exportTargets) starts.set(target, await periodStartFor(largest, target, today));
  for (let round = 1; round <= exportRounds; round++) {
    for (const target of round % 2 === 1 ? exportTargets : [...exportTargets].reverse()) {
      await settle([largest.name]);
      await waitForCalm();
      const figure = await measureExport(largest, target, starts.get(target) as string, { port, today });
      exportFigures.push(figure);
      console.log(
        `   round ${round}: ${figure.rows} rows, idle ${figure.idleMb.toFixed(0)} MB, peak ${figure.peakMb.toFixed(0)} MB, growth ${figure.growthMb.toFixed(1)} MB, ${figure.seconds.toFixed(1)} s, ${figure.megabytes.toFixed(1)} MB file (load ${figure.load.toFixed(2)})`,
      );
    }
  }
} finally {
  for (const s of seeded) await s.cleanup();
}

console.log('\nTimed calls: p50 over the requests, one connection (PostgreSQL, settled database)\n');
console.log('call                                              orders      rows |  API p50  SQL p50  API/SQL | load');
for (const f of callFigures) {
  console.log(
    `${f.call.padEnd(48)} ${String(f.size).padStart(9)} ${String(f.rows).padStart(8)} | ${f.apiP50.toFixed(0).padStart(8)} ${(f.sqlP50?.toFixed(0) ?? '-').padStart(8)} ${(f.sqlP50 ? (f.apiP50 / f.sqlP50).toFixed(2) : '-').padStart(8)} | ${f.load.toFixed(2)}`,
  );
}
if (sizes.length > 1) {
  for (const call of calls) {
    const of = (size: number) => callFigures.find((f) => f.call === call.name && f.size === size)?.apiP50 ?? 0;
    const first = sizes[0] as number;
    const last = sizes.at(-1) as number;
    console.log(`${call.name}: API p50 at ${last} / at ${first} = ${(of(last) / of(first)).toFixed(2)}x`);
  }
}
console.log('\nExcel export of the transactions report: peak resident memory above idle, median of the rounds\n');
for (const target of exportTargets) {
  const list = exportFigures.filter((f) => f.target === target);
  if (!list.length) continue;
  console.log(
    `~${target} rows (${list.map((f) => f.rows).join(', ')}): growth ${median(list.map((f) => f.growthMb)).toFixed(1)} MB ` +
      `(rounds: ${list.map((f) => f.growthMb.toFixed(1)).join(', ')}), idle ${median(list.map((f) => f.idleMb)).toFixed(0)} MB, ` +
      `${median(list.map((f) => f.seconds)).toFixed(1)} s, ${median(list.map((f) => f.megabytes)).toFixed(1)} MB file`,
  );
}
if (exportTargets.length > 1) {
  const growth = (target: number) => median(exportFigures.filter((f) => f.target === target).map((f) => f.growthMb));
  const small = exportTargets[0] as number;
  const large = exportTargets.at(-1) as number;
  console.log(`growth at ~${large} / at ~${small} rows = ${(growth(large) / growth(small)).toFixed(2)}x`);
}
