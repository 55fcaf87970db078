/**
 * The compiled server (apps/server/dist, `node build.mjs`) for tests and benches that start real
 * processes (issue 21, "Production build"): built only when missing or older than its sources,
 * one build at a time across the processes that ask at once (Vitest's workers, a bench), so a
 * build never deletes dist/ under a process another test file has started from it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** apps/server: where `node dist/main.js` runs. */
export const serverDir = path.resolve(import.meta.dirname, '../..');
const repoRoot = path.resolve(serverDir, '../..');
const entry = path.join(serverDir, 'dist/main.js');
const lockDir = path.join(serverDir, '.build-lock');

/** The newest modification time (ms) of the files under `dir` (node_modules and dist left out). */
function newestIn(dir: string): number {
  let newest = 0;
  for (const item of fs.readdirSync(dir, { withFileTypes: true })) {
    if (item.name === 'node_modules' || item.name === 'dist' || item.name === 'test') continue;
    const full = path.join(dir, item.name);
    newest = Math.max(newest, item.isDirectory() ? newestIn(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when dist/main.js is missing or older than the server's or the domain package's sources or the build script. */
export function serverBuildStale(): boolean {
  if (!fs.existsSync(entry)) return true;
  const sources = Math.max(
    newestIn(path.join(serverDir, 'src')),
    newestIn(path.join(repoRoot, 'packages/domain')),
    fs.statSync(path.join(serverDir, 'build.mjs')).mtimeMs,
    fs.statSync(path.join(serverDir, 'package.json')).mtimeMs,
  );
  return fs.statSync(entry).mtimeMs < sources;
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Builds the server (`node build.mjs` in apps/server) when it is stale, holding a lock directory
 * (apps/server/.build-lock, with the builder's pid; a dead builder's lock is taken over) so that
 * callers in several processes build once and none runs dist/ while another rebuilds it. Throws
 * with the build's output when it fails; waits at most `timeoutMs` for another builder.
 */
export async function ensureServerBuilt(timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let owner = 0;
      try {
        owner = Number(fs.readFileSync(path.join(lockDir, 'pid'), 'utf8'));
      } catch {
        // Released a moment ago, or its pid not written yet.
      }
      // A lock without a pid yet is being taken; one whose builder died is stale.
      if (owner && !pidAlive(owner)) fs.rmSync(lockDir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error(`another process (${owner}) has been building the server too long`);
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    if (!serverBuildStale()) return;
    const build = spawnSync(process.execPath, ['build.mjs'], { cwd: serverDir, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/** `n` different TCP ports free on 127.0.0.1 now (the system picks them: port 0). */
export async function freePorts(n: number): Promise<number[]> {
  const servers = Array.from({ length: n }, () => net.createServer());
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
