/**
 * bench/cluster: the portal as several processes on one PostgreSQL database behind HAProxy
 * (issue 21; docs/operations.md, "Several processes"; the same processes and proxy as
 * apps/server/test/cluster.test.ts, from its support/cluster.ts), on loopback ports chosen free
 * at run time, HAProxy's configuration in a temporary folder.
 *
 * 1. Seeds a fresh database (`--orders`, default the demo's 20,000) and lets it settle.
 * 2. With 1 process and then with 3 (started at once), through the proxy: the orders grid
 *    (bench/orders-list's page, `--connections` autocannon connections) and then the
 *    order-writes chain (bench/order-writes': create -> arrival -> confirm, `--clients`
 *    clients), `--seconds` each; each process's resident memory idle after its start, the
 *    highest under the grid load and under the writes, and after them. Printed side by side.
 * 3. Unless `--skip-checks`, with the 3 processes: a limit of 10 (POST PasswordResetRequest per
 *    address) holds at 10 through the proxy though several processes answer; a rolling restart
 *    under `--restart-clients` clients writing orders (each process drains out of the proxy,
 *    exits 0, starts again), with 0 failed requests.
 * 4. Every order acknowledged in the whole run is present exactly once, in status 5, and the
 *    ledger invariant holds.
 *
 * Usage: npm run cluster -w bench -- [--seconds 15] [--connections 50] [--clients 50]
 *        [--orders 20000] [--idle 5] [--restart-clients 8] [--skip-checks]
 *        [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 * Needs /usr/sbin/haproxy (Debian's `haproxy` package).
 */
import { parseArgs } from 'node:util';
import { openPostgres } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.js';
import { type Portal, type ReverseProxy, startPortal, waitUntil } from '@portal/server/test/support/cluster.js';
import { limitThroughProxy, rollingRestart } from '@portal/server/test/support/cluster-checks.js';
import { acknowledgedOrders, type OrderWrites, startOrderWrites } from '@portal/server/test/support/order-writes.js';
import { openBenchDatabase, settlePostgres } from '../lib/database.js';
import { gridTarget } from '../lib/grid.js';
import { type Load, measureSide, printSides, processEnv, type Side, startCluster } from './compare.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
    clients: { type: 'string', default: '50' },
    orders: { type: 'string', default: '20000' },
    idle: { type: 'string', default: '5' },
    'restart-clients': { type: 'string', default: '8' },
    'skip-checks': { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const load: Load = {
  seconds: Number(values.seconds),
  connections: Number(values.connections),
  clients: Number(values.clients),
  idle: Number(values.idle),
};
const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
};

const bench = await openBenchDatabase('postgres', 'bench_cluster', values.postgres, 5);
const url = bench.url as string;
const cluster: { portals: Portal[]; proxy: ReverseProxy | null } = { portals: [], proxy: null };
const stopCluster = async () => {
  for (const portal of cluster.portals) if (portal.child.exitCode === null) portal.child.kill('SIGTERM');
  await Promise.all(cluster.portals.map((portal) => portal.exited));
  await cluster.proxy?.stop();
  cluster.portals = [];
  cluster.proxy = null;
};
/** Every order acknowledged in the run (the comparison's writes and the rolling restart's). */
const acknowledged: OrderWrites['acknowledged'] = [];
const sides: Side[] = [];
try {
  console.log(`Seeding ${Number(values.orders).toLocaleString('en-US')} orders...`);
  await seedDemoData(bench.database.db, { orders: Number(values.orders) });
  await bench.database.close();
  await settlePostgres(values.postgres, [new URL(url).pathname.slice(1)], true);
  const target = await gridTarget(url);

  for (const count of [1, 3]) {
    const started = Date.now();
    Object.assign(cluster, await startCluster(count, url));
    console.log(`\n== ${count} process(es) ready behind HAProxy after ${((Date.now() - started) / 1000).toFixed(0)} s; measuring...`);
    const side = await measureSide(cluster.portals, cluster.proxy as ReverseProxy, target, load);
    sides.push(side);
    acknowledged.push(...side.writes.acknowledged);
    console.log(`   grid ${side.grid.rps.toFixed(0)} req/s, ${side.writes.chains} chains, ${side.writes.failures.length} failed requests`);
    if (count === 3 && !values['skip-checks']) {
      const proxy = cluster.proxy as ReverseProxy;
      const { statuses, servers } = await limitThroughProxy(proxy, `198.51.100.${1 + (process.pid % 250)}`);
      check(
        'a limit of 10 holds at 10 through the proxy',
        statuses.slice(0, 10).every((s) => s === 200) && statuses[10] === 429 && servers.size > 1,
        `statuses ${statuses.join(' ')}; answered by ${[...servers].sort().join(', ')}`,
      );
      const writing = await startOrderWrites(proxy.base, Number(values['restart-clients']));
      const more = (n: number) => {
        const wanted = writing.run.acknowledged.length + n;
        return waitUntil(() => writing.run.acknowledged.length >= wanted, `${n} more orders`);
      };
      await more(5);
      const restarted = Date.now();
      const restart = await rollingRestart(
        cluster.portals,
        proxy,
        (old) => startPortal(url, old.port, processEnv),
        () => more(5),
      );
      const run = await writing.stop();
      acknowledged.push(...run.acknowledged);
      console.log(`   rolling restart took ${((Date.now() - restarted) / 1000).toFixed(0)} s`);
      check(
        'each drained: /readyz 503',
        restart.drained.every((s) => s === 503),
        `${restart.drained.join(', ')}`,
      );
      check(
        'HAProxy sent nothing to a draining process',
        restart.answeredByDraining.every((n) => n === 0),
        `${restart.answeredByDraining.join(', ')} of 6 probes each`,
      );
      check(
        'every process exited 0 on SIGTERM',
        restart.exitCodes.every((c) => c === 0),
        `exit codes ${restart.exitCodes.join(', ')}`,
      );
      check(
        'no failed request during the rolling restart',
        run.failures.length === 0,
        `${run.requests} requests, ${run.failures.length} failed${run.failures.length ? `: ${run.failures.slice(0, 3).join('; ')}` : ''}`,
      );
    }
    await stopCluster();
  }
  for (const side of sides)
    check(
      `no failed request with ${side.processes} process(es)`,
      side.grid.errors === 0 && side.writes.failures.length === 0,
      `grid ${side.grid.errors}, writes ${side.writes.failures.length}${side.writes.failures.length ? `: ${side.writes.failures.slice(0, 3).join('; ')}` : ''}`,
    );
  const database = await openPostgres(url, 2);
  try {
    const orders = await acknowledgedOrders(database.db, acknowledged);
    check(
      'every acknowledged order present exactly once, in status 5',
      orders.presentOnce === acknowledged.length && orders.found === acknowledged.length && orders.notFive === 0,
      `${acknowledged.length} acknowledged, ${orders.found} with their keys, ${orders.presentOnce} once under their id, ${orders.notFive} not in 5`,
    );
    const problems = await checkLedgerInvariant(database.db);
    check('ledger invariant', problems.length === 0, `${problems.length} problems`);
  } finally {
    await database.close();
  }
} finally {
  await stopCluster();
  await bench.cleanup();
}
printSides(sides, load);
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} checks passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
