import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

/**
 * Browser journeys against the real server (compiled, as production runs it) on a fresh PGlite
 * data directory with the demo data, in Debian's Chromium (never a downloaded browser).
 */
const port = Number(process.env.E2E_PORT ?? 3100);
// Set once in the main process (workers inherit it), removed again by global-teardown.ts.
process.env.PORTAL_E2E_DATA_DIR ??= path.join(os.tmpdir(), `portal-e2e-${Date.now()}`);
const dataDir = process.env.PORTAL_E2E_DATA_DIR;
// The journeys' mailbox (mail-catcher.ts): the portal sends every mail to it over SMTP, and a
// journey reads a password link from the mail (the email archive never shows its token).
const mailPort = Number(process.env.E2E_SMTP_PORT ?? port + 2000);
process.env.PORTAL_E2E_MAIL_FILE ??= `${dataDir}.mail.jsonl`;
const mailFile = process.env.PORTAL_E2E_MAIL_FILE;
const root = path.resolve(import.meta.dirname, '..');

export default defineConfig({
  testDir: './tests',
  globalTeardown: './global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromiumLaunchOptions,
    // Dialogs and toasts appear without fading, so axe sees their final colours.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  webServer: [
    {
      command: 'npx tsx e2e/mail-catcher.ts',
      cwd: root,
      port: mailPort,
      timeout: 60_000,
      reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
      env: { MAIL_CATCHER_PORT: String(mailPort), MAIL_CATCHER_FILE: mailFile },
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The compiled server, as `npm start` runs it (docs/operations.md, "Build and start").
      command: 'npm run build -w apps/server && npm run start -w apps/server',
      cwd: root,
      url: `http://localhost:${port}/api/Status`,
      timeout: 240_000,
      // E2E_REUSE_SERVER=1 (with E2E_PORT) runs against a portal already started by hand, while
      // writing journeys; the normal run always starts its own on a fresh data directory.
      reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG: 'false',
        APP_BUILD: 'e2e',
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        MAIL_FROM: 'Pallet portal <portal@e2e.example>',
        // The webhooks journey's receiver listens on 127.0.0.1 (the SSRF guard would refuse it otherwise).
        WEBHOOKS_ALLOW_PRIVATE: 'true',
        WEBHOOK_INTERVAL_MS: '500',
      },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
