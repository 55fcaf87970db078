/**
 * bench/cluster's measurement of one side: N portal processes (the compiled server) behind
 * HAProxy on one PostgreSQL database, loaded through the proxy with the orders grid (as
 * bench/orders-list: autocannon, GET /api/Orders) and then the order-writes chain (as
 * bench/order-writes), with each process's resident memory idle and under the load.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Portal, type ReverseProxy, startPortal, startProxy } from '@portal/server/test/support/cluster.js';
import { type OrderWrites, percentile, startOrderWrites } from '@portal/server/test/support/order-writes.js';
import { freePorts } from '@portal/server/test/support/server-build.js';
import autocannon from 'autocannon';
import { type GridTarget, gridQuery } from '../lib/grid.js';
import { memoryOf } from '../lib/portal-process.js';

/** Settings of every process in the bench (docs/operations.md, "Several processes"). */
export const processEnv = { SEED_DEMO: 'false', SCHEDULER: 'true', SHUTDOWN_GRACE_SECONDS: '3' };

/** How long and how hard each side is loaded. */
export interface Load {
  seconds: number;
  /** autocannon connections reading the grid. */
  connections: number;
  /** Clients running the order-writes chain. */
  clients: number;
  /** Seconds idle after the start before the idle memory is read. */
  idle: number;
}

/** One side's figures: latencies in ms, memory in MB per process. */
export interface Side {
  processes: number;
  grid: { rps: number; p50: number; p99: number; errors: number };
  writes: OrderWrites & { seconds: number };
  /** Idle; the highest under the grid load, then under the writes (each sampled every 250 ms); after the load. */
  memory: { idle: number; grid: number; writes: number; after: number }[];
  /** The 1-minute load average when the side's load started. */
  loadAverage: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** Starts `count` processes at once on `databaseUrl` and HAProxy in front of them, on free loopback ports. */
export async function startCluster(count: number, databaseUrl: string): Promise<{ portals: Portal[]; proxy: ReverseProxy }> {
  const ports = await freePorts(count + 1);
  const portals = await Promise.all(ports.slice(0, count).map((port) => startPortal(databaseUrl, port, processEnv)));
  const proxy = await startProxy(ports.slice(0, count), ports[count]);
  return { portals, proxy };
}

/**
 * Measures `portals` behind `proxy`: memory idle after `load.idle` s, a 2 s warm-up, the grid for
 * `load.seconds`, the writes for `load.seconds`, the highest resident memory of each process
 * sampled every 250 ms through each of the two, and the memory `load.idle` s after.
 */
export async function measureSide(portals: Portal[], proxy: ReverseProxy, target: GridTarget, load: Load): Promise<Side> {
  const pids = portals.map((p) => p.child.pid as number);
  await sleep(load.idle * 1000);
  const idle = pids.map((pid) => memoryOf(pid, 'VmRSS'));
  // The highest resident memory of each process, in the phase running now.
  const highest = { grid: [...idle], writes: pids.map(() => 0) };
  let phase: keyof typeof highest = 'grid';
  const sampler = setInterval(() => {
    pids.forEach((pid, i) => {
      highest[phase][i] = Math.max(highest[phase][i] ?? 0, memoryOf(pid, 'VmRSS'));
    });
  }, 250);
  const login = await fetch(`${proxy.base}/api/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userLoginName: target.login, password: 'demo1234' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const grid = (duration: number) =>
    autocannon({
      url: `${proxy.base}/api/Orders?${gridQuery(target)}`,
      connections: load.connections,
      duration,
      headers: { authorization: `Bearer ${token}` },
      timeout: 60,
    });
  await grid(2);
  const loadAverage = os.loadavg()[0] ?? 0;
  const read = await grid(load.seconds);
  phase = 'writes';
  const writing = await startOrderWrites(proxy.base, load.clients);
  const started = performance.now();
  await sleep(load.seconds * 1000);
  const writes = await writing.stop();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  await sleep(load.idle * 1000);
  const after = pids.map((pid) => memoryOf(pid, 'VmRSS'));
  return {
    processes: portals.length,
    grid: { rps: read.requests.average, p50: read.latency.p50, p99: read.latency.p99, errors: read.non2xx + read.errors },
    writes: { ...writes, seconds },
    memory: pids.map((_, i) => ({
      idle: mb(idle[i] ?? 0),
      grid: mb(highest.grid[i] ?? 0),
      writes: mb(highest.writes[i] ?? 0),
      after: mb(after[i] ?? 0),
    })),
    loadAverage,
  };
}

/** Prints the sides next to each other: one row per figure, one column per side. */
export function printSides(sides: Side[], load: Load): void {
  const row = (name: string, value: (side: Side) => number | string, digits = 1) => {
    const cells = sides.map((s) => {
      const v = value(s);
      return (typeof v === 'number' ? v.toFixed(digits) : v).padStart(14);
    });
    console.log(`${name.padEnd(48)}${cells.join('')}`);
  };
  const callRow = (name: string, values: (side: Side) => number[]) => {
    row(`${name} p50 ms`, (s) => percentile(values(s), 50));
    row(`${name} p99 ms`, (s) => percentile(values(s), 99));
  };
  console.log(`\nThrough HAProxy, ${load.seconds} s each; memory: resident (VmRSS) per process\n`);
  row('', (s) => `${s.processes} process${s.processes > 1 ? 'es' : ''}`);
  row('load average (1 min) at start', (s) => s.loadAverage, 2);
  row(`grid GET /api/Orders, ${load.connections} connections: req/s`, (s) => s.grid.rps);
  row('grid p50 ms', (s) => s.grid.p50);
  row('grid p99 ms', (s) => s.grid.p99);
  row('grid errors (non-2xx, failed)', (s) => s.grid.errors, 0);
  row(`order writes, ${load.clients} clients: chains/s`, (s) => s.writes.chains / s.writes.seconds);
  row('order writes: requests/s', (s) => s.writes.requests / s.writes.seconds);
  callRow('chain (create -> arrival -> confirm)', (s) => s.writes.chainLatencies);
  callRow('create', (s) => s.writes.latencies.create);
  callRow('arrival', (s) => s.writes.latencies.arrival);
  callRow('confirm', (s) => s.writes.latencies.confirm);
  row('order writes: failed requests', (s) => s.writes.failures.length, 0);
  const most = Math.max(...sides.map((s) => s.processes));
  for (let i = 0; i < most; i++) {
    for (const [key, name] of [
      ['idle', 'idle'],
      ['grid', 'under the grid load (highest)'],
      ['writes', 'under the writes (highest)'],
      ['after', 'after the load'],
    ] as const)
      row(`process ${i} RSS MB ${name}`, (s) => s.memory[i]?.[key] ?? '-', 0);
  }
}
