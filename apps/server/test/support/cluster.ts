/**
 * Several portal processes behind HAProxy on one PostgreSQL database (issue 21; docs/operations.md,
 * "Several processes"), for apps/server/test/cluster.test.ts and bench/cluster: the compiled
 * server (`node dist/main.js`, support/server-build.ts) on loopback ports chosen free at run time,
 * and HAProxy (Debian's `haproxy`, /usr/sbin/haproxy) with its configuration and admin socket in
 * a temporary folder.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, freePorts, serverDir } from './server-build.js';

/** Where Debian's `haproxy` package installs HAProxy (HAPROXY_PATH overrides). */
export const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A portal process: the compiled server on 127.0.0.1:`port`. */
export interface Portal {
  port: number;
  child: ChildProcess;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** What it wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * Starts `node dist/main.js` on `databaseUrl` at 127.0.0.1:`port` (building the server first if
 * it is stale) behind a proxy on this machine (TRUST_PROXY 127.0.0.1), without request logs,
 * with `env` added (SEED_DEMO, SCHEDULER, SHUTDOWN_GRACE_SECONDS, ...), and waits until it
 * listens. Rejects with its output when it exits first.
 */
export async function startPortal(databaseUrl: string, port: number, env: NodeJS.ProcessEnv = {}): Promise<Portal> {
  await ensureServerBuilt();
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SCHEDULER: 'true',
      LOG: 'false',
      SMTP_URL: '',
      INIT_CWD: '',
      TRUST_PROXY: '127.0.0.1',
      ...env,
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
    const timer = setInterval(() => {
      if (text.includes('Portal on http')) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`the portal on ${port} exited (${code}) before it listened:\n${text}`));
    });
  });
  return { port, child, exited, output: () => text };
}

/** The status of GET `url` on `port` over a new connection, or 0 when nothing answers. */
export async function probe(port: number, url: string): Promise<number> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 0;
  }
}

/** Polls `check` every 100 ms until it is true; throws `what` after `timeoutMs`. */
export async function waitUntil(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await sleep(100);
  }
}

/**
 * HAProxy's configuration: round robin over `ports` (servers p0, p1, ...), each health-checked on
 * GET /readyz every 500 ms (down after 2 failures, up after 2 successes), requests retried on
 * another server when a connection fails or closes unanswered, the answering server named in
 * the `X-Server` header, and an admin socket at `socket`.
 */
export function haproxyConfig(ports: number[], proxyPort: number, socket: string): string {
  const servers = ports.map((port, i) => `    server p${i} 127.0.0.1:${port} check`).join('\n');
  return `global
    maxconn 1000
    stats socket ${socket} mode 600 level admin
defaults
    mode http
    timeout connect 2s
    timeout check 2s
    timeout client 90s
    timeout server 90s
    option forwardfor
    option redispatch
    retries 3
    retry-on conn-failure empty-response response-timeout
frontend portal
    bind 127.0.0.1:${proxyPort}
    default_backend portals
backend portals
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 500ms fall 2 rise 2
    http-response set-header X-Server %s
${servers}
`;
}

/** A running HAProxy in front of portal processes. */
export interface ReverseProxy {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** HAProxy's view of each server (p0, p1, ...): UP, DOWN, or a transition such as "UP 1/2". */
  serverStates: () => Promise<Record<string, string>>;
  /** Resolves once HAProxy sees server `name` in `state` (UP or DOWN). */
  waitForState: (name: string, state: 'UP' | 'DOWN') => Promise<void>;
  stop: () => Promise<void>;
}

/** Answers HAProxy's admin socket `socket` to `command`. */
async function askHaproxy(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const connection = net.connect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (chunk) => {
      answer += chunk;
    });
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/**
 * Starts HAProxy (`haproxyPath`, which must exist) on 127.0.0.1:`port` (default: a free one) in
 * front of the portal processes on `ports`, its configuration in a new temporary folder, and
 * waits until it sees every server UP.
 */
export async function startProxy(ports: number[], proxyPort?: number): Promise<ReverseProxy> {
  const port = proxyPort ?? ((await freePorts(1))[0] as number);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const configPath = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(configPath, haproxyConfig(ports, port, socket));
  const valid = spawnSync(haproxyPath, ['-c', '-f', configPath], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`haproxy -c: ${valid.stdout}${valid.stderr}`);
  const child = spawn(haproxyPath, ['-db', '-f', configPath], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const serverStates = async () => {
    const csv = (await askHaproxy(socket, 'show stat')).split('\n');
    const columns = (csv[0] ?? '').replace(/^# /, '').split(',');
    const [proxyAt, serverAt, statusAt] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name)) as [number, number, number];
    const states: Record<string, string> = {};
    for (const line of csv.slice(1)) {
      const fields = line.split(',');
      if (fields[proxyAt] === 'portals' && /^p\d+$/.test(fields[serverAt] ?? ''))
        states[fields[serverAt] as string] = fields[statusAt] ?? '';
    }
    return states;
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const waitForState = (name: string, state: 'UP' | 'DOWN') =>
    waitUntil(
      async () => (await serverStates().catch(() => ({}) as Record<string, string>))[name] === state,
      `HAProxy sees ${name} ${state}`,
    );
  try {
    await waitUntil(() => fs.existsSync(socket) || child.exitCode !== null, 'HAProxy starts');
    if (child.exitCode !== null) throw new Error(`HAProxy exited: ${errors}`);
    for (let i = 0; i < ports.length; i++) await waitForState(`p${i}`, 'UP');
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, base: `http://127.0.0.1:${port}`, serverStates, waitForState, stop };
}
