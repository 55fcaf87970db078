/**
 * bench/memory: the resident memory of one server process on PostgreSQL (issue 21, "Memory"),
 * idle after its start and under the 50-client load of bench/orders-list.
 *
 * Seeds a fresh PostgreSQL database with the demo data (`--orders`, default the demo's 20,000)
 * in this process, or uses `--database` as it is, then in each of `--rounds` rounds starts a
 * fresh server process (the compiled `apps/server/dist/main.js`, built from the sources first;
 * `--entry src` runs `src/main.ts` through tsx instead) without the demo seed or the scheduler and
 * reads from /proc/<pid>/status:
 *   - start peak: VmHWM once it listens and has been idle `--idle` seconds;
 *   - idle: VmRSS at that moment;
 *   - loaded: the highest VmRSS sampled every 250 ms while autocannon sends GET /api/Orders (one
 *     location's grid: status 5, by send date, 50 per page, as bench/orders-list) with
 *     `--connections` connections for `--seconds` seconds, and VmHWM over that time;
 *   - after: VmRSS `--idle` seconds after the load ended.
 * It prints each round and the median, with the machine's 1-minute load average at the start.
 *
 * Usage: npm run memory -w bench -- [--orders 20000] [--rounds 3] [--seconds 15] [--connections 50]
 *        [--idle 5] [--entry dist|src] [--database postgres://...] [--port 3197]
 *        [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import autocannon from 'autocannon';
import { openBenchDatabase } from '../lib/database.js';
import { type GridTarget, gridQuery, gridTarget } from '../lib/grid.js';
import { memoryOf, type PortalEntry, startPortal } from '../lib/portal-process.js';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    idle: { type: 'string', default: '5' },
    entry: { type: 'string', default: 'dist' },
    database: { type: 'string' },
    port: { type: 'string', default: '3197' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const idleSeconds = Number(values.idle);
const port = Number(values.port);
const entry = values.entry as PortalEntry;
if (entry !== 'dist' && entry !== 'src') throw new Error('--entry is dist or src');
const mb = (bytes: number) => bytes / 1024 / 1024;
const load = () => os.loadavg()[0] ?? 0;

/** One round's figures in MB. */
interface Round {
  startPeak: number;
  idle: number;
  loaded: number;
  loadedPeak: number;
  after: number;
  requests: number;
  load: number;
}

let url = values.database;
let cleanup = async () => {};
if (!url) {
  const bench = await openBenchDatabase('postgres', 'bench_memory', values.postgres, 10);
  console.log(`Seeding ${Number(values.orders).toLocaleString('en-US')} orders...`);
  await seedDemoData(bench.database.db, { orders: Number(values.orders) });
  await bench.database.close();
  url = bench.url as string;
  cleanup = bench.cleanup;
}

async function measure(databaseUrl: string, target: GridTarget): Promise<Round> {
  const server = await startPortal(databaseUrl, port, { entry });
  try {
    const pid = server.child.pid as number;
    const startLoad = load();
    await sleep(idleSeconds * 1000);
    const startPeak = memoryOf(pid, 'VmHWM');
    const idle = memoryOf(pid, 'VmRSS');
    const token = await server.token(target.login);
    // The high-water mark from here on is the load's.
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    let loaded = 0;
    const sampler = setInterval(() => {
      loaded = Math.max(loaded, memoryOf(pid, 'VmRSS'));
    }, 250);
    const result = await autocannon({
      url: `${server.base}/api/Orders?${gridQuery(target)}`,
      connections,
      duration: seconds,
      headers: { authorization: `Bearer ${token}` },
      // A busy machine answers slowly; memory is the figure here, not latency.
      timeout: 60,
    });
    clearInterval(sampler);
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`the API answered ${result.non2xx} non-2xx, ${result.errors} errors (${result.timeouts} time-outs)`);
    const loadedPeak = memoryOf(pid, 'VmHWM');
    await sleep(idleSeconds * 1000);
    const after = memoryOf(pid, 'VmRSS');
    return {
      startPeak: mb(startPeak),
      idle: mb(idle),
      loaded: mb(loaded),
      loadedPeak: mb(loadedPeak),
      after: mb(after),
      requests: result.requests.average,
      load: startLoad,
    };
  } finally {
    await server.stop();
  }
}

const results: Round[] = [];
try {
  const target = await gridTarget(url);
  for (let round = 1; round <= rounds; round++) {
    console.log(`round ${round}/${rounds} (load ${load().toFixed(2)})`);
    results.push(await measure(url, target));
  }
} finally {
  await cleanup();
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
const fmt = (n: number) => n.toFixed(0).padStart(7);
const columns: [keyof Round, string][] = [
  ['startPeak', 'start peak'],
  ['idle', 'idle'],
  ['loaded', 'loaded'],
  ['loadedPeak', 'load peak'],
  ['after', 'after'],
];
console.log(
  `\nResident memory (MB) of one server process on PostgreSQL (${entry === 'dist' ? 'node dist/main.js' : 'tsx src/main.ts'}), ` +
    `idle ${idleSeconds} s after start, then GET /api/Orders with ${connections} connections for ${seconds} s\n`,
);
console.log(`round  | ${columns.map(([, name]) => name.padStart(10)).join(' ')} |   req/s | load`);
results.forEach((r, i) => {
  console.log(
    `${String(i + 1).padEnd(6)} | ${columns.map(([key]) => fmt(r[key]).padStart(10)).join(' ')} | ${fmt(r.requests)} | ${r.load.toFixed(2)}`,
  );
});
console.log(
  `median | ${columns.map(([key]) => fmt(median(results.map((r) => r[key]))).padStart(10)).join(' ')} | ${fmt(median(results.map((r) => r.requests)))} |`,
);
