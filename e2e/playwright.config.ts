import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys against the real server on a fresh PGlite data directory with the demo
 * data, in Debian's Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = path.join(os.tmpdir(), `portal-e2e-${Date.now()}`);

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
    },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: {
    command: `npm run start -w apps/server`,
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://localhost:${port}/api/Status`,
    timeout: 240_000,
    reuseExistingServer: false,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG: 'false', APP_BUILD: 'e2e' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
