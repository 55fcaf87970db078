/**
 * bench/cluster's processes: the portal processes (apps/server/src/main.ts under tsx) and
 * HAProxy's configuration in front of them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

/** A portal process (apps/server/src/main.ts) behind the proxy. */
export interface Portal {
  port: number;
  child: ChildProcess;
  exited: Promise<number | null>;
}

/** Starts portal `i` on port `basePort + i` on the database `dbUrl` and waits until it listens. */
export async function startPortal(i: number, basePort: number, dbUrl: string): Promise<Portal> {
  const port = basePort + i;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: dbUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'true',
      SCHEDULER: 'true',
      LOG: 'false',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_GRACE_SECONDS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Portal on')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`portal ${i} exited (${code}) before it listened:\n${output}`));
    });
  });
  return { port, child, exited };
}

/** The status of GET `url` on `port` (a new connection), or 0 when nothing answers. */
export async function status(port: number, url: string): Promise<number> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { connection: 'close' } });
    await answer.arrayBuffer();
    return answer.status;
  } catch {
    return 0;
  }
}

/** HAProxy's configuration: round robin over the processes, health-checked on /readyz. */
export function haproxyConfig(processes: number, basePort: number, proxyPort: number): string {
  const servers = Array.from({ length: processes }, (_, i) => `    server p${i} 127.0.0.1:${basePort + i} check`).join('\n');
  return `global
    maxconn 1000
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
