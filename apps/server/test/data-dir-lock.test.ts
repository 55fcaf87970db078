import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(import.meta.dirname, '..');

/**
 * Starts the portal on `dataDir` (no demo data, any free port) in one process (`node --import
 * tsx`, no runner process in between), as the child of a shell that then becomes `sleep`: like a
 * process manager that has not yet collected it, `sleep` never reaps the portal, so once killed it
 * stays a zombie until the shell's process ends.
 */
function startPortal(dataDir: string): { shell: ChildProcess; output: () => string; started: Promise<void> } {
  const shell = spawn('sh', ['-c', 'node --import tsx src/main.ts & exec sleep 300'], {
    cwd: serverDir,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', SEED_DEMO: 'false', LOG: 'false', INIT_CWD: '' },
  });
  let text = '';
  shell.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  shell.stderr?.on('data', (chunk) => {
    text += chunk;
  });
  const started = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (text.includes('Portal on http')) {
        clearInterval(timer);
        resolve();
      } else if (/already in use|Error/.test(text)) {
        clearInterval(timer);
        reject(new Error(text));
      }
    }, 50);
  });
  return { shell, output: () => text, started };
}

/** Whether process `pid` is a zombie (killed, not yet reaped: Linux's /proc). */
const isZombie = (pid: number) => /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

describe('the embedded database directory', () => {
  it('a second process that opens a data directory already in use stops with a clear message', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    // This test process holds the directory, as a running portal would.
    fs.writeFileSync(path.join(dataDir, 'portal.lock'), String(process.pid));
    const result = spawnSync('npx', ['tsx', 'src/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', INIT_CWD: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The data directory ${dataDir} is already in use by process ${process.pid}`);
    // Nothing was created in the directory besides the lock.
    expect(fs.readdirSync(dataDir)).toEqual(['portal.lock']);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')(
    'a portal restarted at once after kill -9 opens the directory, its predecessor not yet reaped (issue 20)',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
      const lockPath = path.join(dataDir, 'portal.lock');
      const first = startPortal(dataDir);
      let second: ReturnType<typeof startPortal> | null = null;
      try {
        await first.started;
        const killed = Number(fs.readFileSync(lockPath, 'utf8'));
        process.kill(killed, 'SIGKILL');
        // The killed portal is gone but not reaped: its pid still answers a signal 0.
        for (let i = 0; i < 100 && !isZombie(killed); i++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(isZombie(killed)).toBe(true);
        second = startPortal(dataDir);
        await second.started;
        expect(Number(fs.readFileSync(lockPath, 'utf8'))).not.toBe(killed);
      } finally {
        first.shell.kill('SIGKILL');
        const next = Number(fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : 0);
        if (second && next) process.kill(next, 'SIGTERM');
        second?.shell.kill('SIGKILL');
      }
      // The second portal, stopped in order, gives the directory back.
      for (let i = 0; i < 200 && fs.existsSync(lockPath); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fs.existsSync(lockPath)).toBe(false);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    240_000,
  );
});
