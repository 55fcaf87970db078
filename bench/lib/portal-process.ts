/**
 * The portal as a child process for benchmarks that measure it from outside (its resident
 * memory, its answers over HTTP): bench/reports, bench/memory. It runs what production runs:
 * the compiled server (`apps/server/dist/main.js`, built from the sources first when it is missing
 * or older than them: the API tests' support/server-build.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureServerBuilt } from '@portal/server/test/support/server-build.js';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

/** A running portal server process. */
export interface PortalProcess {
  child: ChildProcess;
  base: string;
  tokens: Map<string, string>;
  token(login: string): Promise<string>;
  stop(): Promise<void>;
}

/** How to start the server: the compiled JavaScript (as production does) or the sources through tsx. */
export type PortalEntry = 'dist' | 'src';

/**
 * Starts the portal's real server as a child process on `databaseUrl` at 127.0.0.1:`port`,
 * without the demo seed, the scheduler or request logs, and waits until it listens. `entry`
 * 'dist' (default) builds if stale and runs `node dist/main.js`; 'src' runs `src/main.ts` through tsx,
 * as `npm start` did before issue 21. `env` adds settings. Demo users sign in with the demo
 * password (`token`).
 */
export async function startPortal(
  databaseUrl: string,
  port: number,
  options: { entry?: PortalEntry; env?: NodeJS.ProcessEnv } = {},
): Promise<PortalProcess> {
  const entry = options.entry ?? 'dist';
  if (entry === 'dist') await ensureServerBuilt();
  const args = entry === 'dist' ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      SCHEDULER: 'false',
      LOG: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Portal on')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const tokens = new Map<string, string>();
  return {
    child,
    base,
    tokens,
    async token(login: string) {
      const known = tokens.get(login);
      if (known) return known;
      const response = await fetch(`${base}/api/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userLoginName: login, password: 'demo1234' }),
      });
      const token = ((await response.json()) as { data: { token: string } }).data.token;
      tokens.set(login, token);
      return token;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in bytes: the current (VmRSS) or the peak since the last reset (VmHWM). */
export function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return kb * 1024;
}
