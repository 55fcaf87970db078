import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
});
