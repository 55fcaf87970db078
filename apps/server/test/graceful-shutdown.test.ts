/**
 * Real server processes (`node --import tsx src/main.ts`, issue 21; docs/operations.md, "Several
 * processes"): on SIGTERM a process answers /readyz 503 through its grace, then refuses new
 * connections, answers the request in flight with 200 and exits 0. On PostgreSQL, two processes
 * started at once on an empty database both start (the start-up lock: one migrates, the other
 * waits), where before one died in the migrations.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { backends } from './helpers.js';

const serverDir = path.resolve(import.meta.dirname, '..');
/** `n` different ports free on 127.0.0.1 now (the system picks them). */
async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => net.createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** The metrics port of the process on `port`. */
const metricsPorts = new Map<number, number>();

/** The metrics text of the process on `port`. */
async function metricsOf(port: number): Promise<string> {
  return (await fetch(`http://127.0.0.1:${metricsPorts.get(port)}/metrics`)).text();
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts a portal process with `env` on `port`; resolves once it listens (rejects if it exits first). */
async function startPortal(port: number, env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPorts.get(port)),
      SEED_DEMO: 'false',
      SCHEDULER: 'true',
      LOG: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (text.includes(`Portal on http://localhost:${port}`)) {
        clearInterval(check);
        resolve();
      }
    }, 100);
    exited.then((code) => {
      clearInterval(check);
      reject(new Error(`The portal on ${port} exited (${code}) before it listened:\n${text}`));
    });
  });
  return { child, output: () => text, exited };
}

/** GET `url` on a new connection: the status, or 'refused' when nothing listens. */
async function probe(port: number, url: string): Promise<number | 'refused'> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 'refused';
  }
}

/** Polls `probe` until it answers `wanted` (or 30 s pass); answers what it saw last. */
async function waitFor(port: number, url: string, wanted: number | 'refused'): Promise<number | 'refused'> {
  const deadline = Date.now() + 30_000;
  let seen = await probe(port, url);
  while (seen !== wanted && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await probe(port, url);
  }
  return seen;
}

/** A database of its own for this file on PostgreSQL (empty), dropped after. */
async function emptyPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL as string;
  const name = `portal_multi_shutdown_${process.pid}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

describe.each(backends)('a server process on SIGTERM (%s)', (backend) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  // Starting a process under tsx on a busy machine takes a minute or more (a new PGlite data directory too).
  it('starts several processes at once, drains with /readyz 503, finishes the request in flight and exits 0', {
    timeout: 400_000,
  }, async () => {
    let env: Record<string, string>;
    let count = 1;
    if (backend === 'postgres') {
      const database = await emptyPostgresDatabase();
      cleanups.push(database.drop);
      env = { DATABASE_URL: database.url };
      count = 2;
    } else {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      env = { DATA_DIR: dataDir };
    }
    env.SHUTDOWN_GRACE_SECONDS = '2';
    // Started at once on an empty database: each must come up (one migrates, the others wait).
    const [p0, p1, m0, m1] = (await freePorts(4)) as [number, number, number, number];
    const PORTS = [p0, p1];
    metricsPorts.set(p0, m0).set(p1, m1);
    const portals = await Promise.all(PORTS.slice(0, count).map((port) => startPortal(port, env)));
    for (const portal of portals) cleanups.push(() => void portal.child.kill('SIGKILL'));
    const port = PORTS[0] as number;
    const portal = portals[0] as Started;
    for (const p of PORTS.slice(0, count)) expect(await probe(p, '/readyz')).toBe(200);
    // The metrics listener counts the probe by its route, and nothing else is served there.
    const metrics = await metricsOf(port);
    expect(metrics).toMatch(/^portal_http_requests_total\{method="GET",route="\/readyz",status_code="200"\} 1$/m);
    expect(metrics).toMatch(/^portal_ready 1$/m);
    expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m);
    expect((await fetch(`http://127.0.0.1:${metricsPorts.get(port)}/api/Status`)).status).toBe(404);

    // A request in flight: its headers and half its body have arrived when SIGTERM comes.
    const body = JSON.stringify({ userLoginName: 'nobody-at-all' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const ended = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/PasswordResetRequest HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    portal.child.kill('SIGTERM');
    // Through the grace the proxy's health check sees 503 while the process still serves.
    expect(await waitFor(port, '/readyz', 503)).toBe(503);
    expect(await probe(port, '/healthz')).toBe(200);
    expect(await metricsOf(port)).toMatch(/^portal_ready 0$/m);
    // Then the listener closes: a new connection is refused.
    expect(await waitFor(port, '/healthz', 'refused')).toBe('refused');
    expect(answer).toBe('');

    // The request in flight is still answered.
    socket.write(body.slice(10));
    await ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('{"data":true}');
    const code = await portal.exited;
    expect({ code, output: portal.output() }).toEqual({ code: 0, output: expect.stringContaining('Stopped') });

    // The other process goes on serving.
    for (const other of portals.slice(1)) {
      expect(await probe(PORTS[1] as number, '/readyz')).toBe(200);
      other.child.kill('SIGTERM');
      expect(await other.exited).toBe(0);
    }
  });
});
