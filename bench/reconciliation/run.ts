/**
 * bench/reconciliation: issue 22's "10,000 file rows against a year of a chain's ledger reconcile
 * in seconds, on both databases, without holding other users". On the demo data (seeded with
 * --orders orders), kari (Fjordland Dagligvare, a wholesaler with several locations) reconciles a
 * CSV of --rows rows against the ledger of all her customer's locations for the last 365 days,
 * through the real HTTP server (POST Reconciliations), --runs times. The file is built from the
 * ledger's own movements (modules/reconciliation/ledger-movements.ts) so most rows match: every
 * 20th row's quantity is one more (different), every 25th row has no reference and its day moved
 * by two (matched by counterparty), every 50th is a row the ledger has not (file only); when the
 * year holds fewer movements than rows, the file repeats them without a reference.
 *
 * Per run: seconds from the first byte sent to the answer; the longest event-loop block while it
 * ran (perf_hooks.monitorEventLoopDelay, 10 ms resolution: the server runs in this process); and
 * the slowest answer another user (ole, GET /api/location every 20 ms) got meanwhile. Then checks:
 * the counts add up to the rows saved, and the ledger invariant holds.
 *
 * Usage: npm run reconciliation -w bench -- [--rows 10000] [--runs 3] [--db postgres|pglite|both]
 *        [--orders 20000] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { addPlainDays, todayIn } from '@portal/domain';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.ts';
import { ledgerMovements } from '@portal/server/src/modules/reconciliation/ledger-movements.js';
import { type Backend, openBenchDatabase } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '20000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const fileRows = Number(values.rows);
const runs = Number(values.runs);

interface Result {
  backend: Backend;
  locations: number;
  movements: number;
  run: number;
  seconds: number;
  /** The longest event-loop block, in milliseconds. */
  loopBlockMs: number;
  /** The slowest answer another user got meanwhile, in milliseconds. */
  othersWaitedMs: number;
  matchRate: number;
  /** GET Reconciliations/{id} of the run (every row): seconds and the longest event-loop block (ms). */
  getSeconds: number;
  getLoopBlockMs: number;
}
const results: Result[] = [];
const problems: string[] = [];

const nordic = (date: string) => `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}`;

async function benchOne(backend: Backend): Promise<void> {
  console.log(`\n== ${backend}: seeding ${Number(values.orders).toLocaleString('en-US')} orders...`);
  const { database, cleanup } = await openBenchDatabase(backend, 'bench_recon', values.postgres, 10);
  try {
    await seedDemoData(database.db, { orders: Number(values.orders) });
    const app = await buildApp({ db: database.db, config: { ...readConfig({}), port: 0 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const signIn = async (userLoginName: string) =>
      (
        await (
          await fetch(`${base}/Login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userLoginName, password: 'demo1234' }),
          })
        ).json()
      ).data.token as string;
    const kari = await signIn('kari');
    const ole = await signIn('ole');
    const [user] = await rows<{ customerId: number }>(
      database.db,
      sql`SELECT customer_id AS "customerId" FROM users WHERE login_name = 'kari'`,
    );
    const locationIds = (
      await rows<{ id: number }>(database.db, sql`SELECT id FROM locations WHERE customer_id = ${Number(user?.customerId)} ORDER BY id`)
    ).map((l) => Number(l.id));
    const to = todayIn('NO');
    const from = addPlainDays(to, -364);
    const movements = await ledgerMovements(database.db, locationIds, from, to);
    console.log(`   ${locationIds.length} locations, ${movements.length.toLocaleString('en-US')} movements in ${from} - ${to}`);
    const lines = ['Dato;Ordrenr;Motpart;Vare;Antall'];
    for (let i = 0; i < fileRows; i++) {
      const m = movements[i % movements.length];
      if (!m) break;
      const repeated = i >= movements.length;
      const reference = repeated || i % 25 === 24 ? '' : m.orderId !== null ? String(m.orderId) : (m.palletReceiptNumber ?? '');
      const date = i % 25 === 24 ? addPlainDays(m.date, 2) : m.date;
      if (i % 50 === 49) lines.push(`${nordic(m.date)};X-${i};Ukjent AS;${m.productId};7`);
      else lines.push(`${nordic(date)};${reference};"${m.counterparty ?? ''}";${m.productId};${m.quantity + (i % 20 === 19 ? 1 : 0)}`);
    }
    const file = Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

    for (let run = 1; run <= runs; run++) {
      const form = new FormData();
      form.append(
        'request',
        JSON.stringify({
          locationIds,
          from,
          to,
          toleranceDays: 3,
          idempotencyKey: `bench-${process.pid}-${backend}-${run}`,
          mapping: {
            headerRow: 1,
            dateColumn: 0,
            referenceColumn: 1,
            counterpartyColumn: 2,
            productColumn: 3,
            quantityColumn: 4,
            quantityInColumn: null,
            quantityOutColumn: null,
            products: [],
          },
        }),
      );
      form.append('file', new Blob([new Uint8Array(file)]), 'erp.csv');
      let done = false;
      let othersWaited = 0;
      const other = (async () => {
        let wanted = performance.now();
        while (!done) {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, wanted - performance.now())));
          await (await fetch(`${base}/location`, { headers: { authorization: `Bearer ${ole}` } })).arrayBuffer();
          othersWaited = Math.max(othersWaited, performance.now() - wanted);
          wanted = Math.max(wanted + 20, performance.now());
        }
      })();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const started = performance.now();
      const response = await fetch(`${base}/Reconciliations`, { method: 'POST', headers: { authorization: `Bearer ${kari}` }, body: form });
      const json = await response.json();
      const seconds = (performance.now() - started) / 1000;
      loop.disable();
      done = true;
      await other;
      if (response.status !== 201) {
        problems.push(`${backend} run ${run}: ${response.status} ${JSON.stringify(json).slice(0, 300)}`);
        continue;
      }
      const s = json.data;
      const [saved] = await rows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM reconciliation_rows WHERE reconciliation_id = ${s.id}`,
      );
      if (s.matched + s.different + s.fileOnly + s.portalOnly !== Number(saved?.n))
        problems.push(`${backend} run ${run}: counts do not add up`);
      const getLoop = monitorEventLoopDelay({ resolution: 10 });
      getLoop.enable();
      const getStarted = performance.now();
      const full = await fetch(`${base}/Reconciliations/${s.id}`, { headers: { authorization: `Bearer ${kari}` } });
      const fullRows = ((await full.json()) as { data: { rows: unknown[] } }).data.rows.length;
      const getSeconds = (performance.now() - getStarted) / 1000;
      getLoop.disable();
      if (fullRows !== Number(saved?.n)) problems.push(`${backend} run ${run}: GET answered ${fullRows} rows, not ${saved?.n}`);
      const result: Result = {
        backend,
        locations: locationIds.length,
        movements: movements.length,
        run,
        seconds,
        loopBlockMs: loop.max / 1e6,
        othersWaitedMs: othersWaited,
        matchRate: s.matchRate / 100,
        getSeconds,
        getLoopBlockMs: getLoop.max / 1e6,
      };
      results.push(result);
      console.log(
        `   run ${run}: ${seconds.toFixed(2)} s, longest event-loop block ${result.loopBlockMs.toFixed(0)} ms, ole waited at most ${othersWaited.toFixed(0)} ms; ` +
          `matched ${s.matched}, different ${s.different}, file only ${s.fileOnly}, portal only ${s.portalOnly} (${result.matchRate.toFixed(2)} %); ` +
          `GET with every row ${getSeconds.toFixed(2)} s, block ${result.getLoopBlockMs.toFixed(0)} ms`,
      );
    }
    const broken = await checkLedgerInvariant(database.db);
    if (broken.length) problems.push(`${backend}: ledger invariant: ${broken.slice(0, 3).join('; ')}`);
    await app.close();
  } finally {
    await database.close();
    await cleanup();
  }
}

const backends: Backend[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as Backend];
for (const backend of backends) await benchOne(backend);
console.log(
  '\n| Database | Locations | Movements in the year | File rows | Run | Seconds | Longest event-loop block | Another user waited at most | Match rate |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.backend} | ${r.locations} | ${r.movements.toLocaleString('en-US')} | ${fileRows.toLocaleString('en-US')} | ${r.run} | ${r.seconds.toFixed(2)} | ${r.loopBlockMs.toFixed(0)} ms | ${r.othersWaitedMs.toFixed(0)} ms | ${r.matchRate.toFixed(2)} % | ${r.getSeconds.toFixed(2)} s | ${r.getLoopBlockMs.toFixed(0)} ms |`,
  );
}
if (problems.length) {
  console.error(`\nProblems:\n${problems.join('\n')}`);
  process.exitCode = 1;
} else console.log('\nChecks: every run answered 201, its counts add up to the rows saved, the ledger invariant holds.');
