/**
 * Three server processes behind a real reverse proxy on PostgreSQL (issue 21, "What it must
 * show"; docs/operations.md, "Several processes"): the compiled server (`node dist/main.js`)
 * three times on one database of this file's own, HAProxy in front (support/cluster.ts), all on
 * loopback ports chosen free at run time. Shows the rate limit shared through the proxy, the
 * readiness probe taking a draining process out of the proxy, and a rolling restart of all three
 * under order writes through the proxy with no failed request and every acknowledged order
 * present exactly once.
 *
 * PostgreSQL only (DATABASE_URL): PGlite's data directory admits one process. Needs HAProxy
 * (Debian's `haproxy`); without it the file is skipped, or fails where everything is required
 * (REQUIRE_BROWSER=1 or CI, as .ci/run sets).
 */
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../src/db/client.js';
import { checkLedgerInvariant } from '../src/modules/orders/ledger.js';
import { haproxyPath, type Portal, probe, type ReverseProxy, startPortal, startProxy, waitUntil } from './support/cluster.js';
import { limitThroughProxy, readyThroughProxy, rollingRestart } from './support/cluster-checks.js';
import { acknowledgedOrders, startOrderWrites } from './support/order-writes.js';
import { freePorts } from './support/server-build.js';

const PROCESSES = 3;
const postgres = Boolean(process.env.DATABASE_URL);
const haproxy = fs.existsSync(haproxyPath);
const required = process.env.REQUIRE_BROWSER === '1' || Boolean(process.env.CI);
/** Settings of every process: the grace after SIGTERM, long enough for HAProxy's check (2 x 500 ms) on a busy machine. */
const processEnv = { SHUTDOWN_GRACE_SECONDS: '6', SCHEDULER: 'true', SEED_DEMO: 'false' };

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

if (postgres && !haproxy && required) {
  it('needs HAProxy', () => {
    throw new Error(`No HAProxy at ${haproxyPath}: apt-get install haproxy (or set HAPROXY_PATH)`);
  });
}

if (postgres && !haproxy && !required) console.warn(`cluster.test.ts skipped: no HAProxy at ${haproxyPath} (apt-get install haproxy)`);
const reason = !postgres ? ' (skipped: PostgreSQL only, no DATABASE_URL)' : !haproxy ? ` (skipped: no HAProxy at ${haproxyPath})` : '';
describe.skipIf(!postgres || !haproxy)(`three processes behind HAProxy on PostgreSQL${reason}`, () => {
  let databaseUrl = '';
  let databaseName = '';
  const portals: Portal[] = [];
  let proxy: ReverseProxy | null = null;

  beforeAll(async () => {
    // A database of this file's own: a copy of the seeded demo data (global-setup.ts).
    const url = new URL(process.env.DATABASE_URL as string);
    databaseName = `${url.pathname.slice(1) || 'portal'}_cluster_${process.pid}`;
    await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE "${databaseName}" TEMPLATE "${inject('postgresTemplate')}"`);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
    const ports = await freePorts(PROCESSES + 1);
    // Started at once, as a deploy does.
    portals.push(...(await Promise.all(ports.slice(0, PROCESSES).map((port) => startPortal(databaseUrl, port, processEnv)))));
    proxy = await startProxy(ports.slice(0, PROCESSES), ports[PROCESSES]);
  });

  afterAll(async () => {
    for (const portal of portals) if (portal.child.exitCode === null) portal.child.kill('SIGKILL');
    await Promise.all(portals.map((portal) => portal.exited));
    await proxy?.stop();
    if (databaseName) await adminQuery(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  });

  it('all three answer /readyz 200 and HAProxy sends to each in turn', async () => {
    for (const portal of portals) expect(await probe(portal.port, '/readyz')).toBe(200);
    expect(Object.values(await (proxy as ReverseProxy).serverStates())).toEqual(['UP', 'UP', 'UP']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => readyThroughProxy(proxy as ReverseProxy)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.server))).toEqual(new Set(['p0', 'p1', 'p2']));
  });

  it('a limit of 10 holds at 10 through the proxy, though more than one process answers', async () => {
    // One client address, as HAProxy passes it on (X-Forwarded-For; the processes trust 127.0.0.1).
    const address = `198.51.100.${1 + (process.pid % 250)}`;
    const { statuses, servers } = await limitThroughProxy(proxy as ReverseProxy, address);
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    expect(servers.size).toBeGreaterThan(1);
  });

  it('restarted one at a time under order writes: each drains out of the proxy, no request fails, every acknowledged order is there once', {
    timeout: 300_000,
  }, async () => {
    const running = proxy as ReverseProxy;
    const load = await startOrderWrites(running.base, 4);
    // Progress is counted in orders written, never in time: a busy machine is slow.
    const ordersWritten = (more: number) => {
      const target = load.run.acknowledged.length + more;
      return waitUntil(() => load.run.acknowledged.length >= target || load.run.failures.length > 0, `${more} more orders`);
    };
    await ordersWritten(4);
    const restart = await rollingRestart(
      portals,
      running,
      (old) => startPortal(databaseUrl, old.port, processEnv),
      () => ordersWritten(2),
    );
    const run = await load.stop();
    console.info(
      `rolling restart: ${run.requests} requests, ${run.acknowledged.length} orders acknowledged, ${run.failures.length} failed`,
    );

    // Each answered /readyz 503 itself, then HAProxy sent it nothing more, and it exited 0.
    expect(restart).toEqual({ drained: [503, 503, 503], answeredByDraining: [0, 0, 0], exitCodes: [0, 0, 0] });
    expect(run.failures).toEqual([]);
    expect(run.acknowledged.length).toBeGreaterThan(0);

    const database = await openPostgres(databaseUrl, 2);
    try {
      const orders = await acknowledgedOrders(database.db, run.acknowledged);
      expect(orders).toEqual({ found: run.acknowledged.length, presentOnce: run.acknowledged.length, notFive: 0 });
      expect(await checkLedgerInvariant(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
