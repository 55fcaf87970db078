#!/usr/bin/env node
/**
 * `npm test`: unit and API tests (Vitest), then the browser journeys (Playwright in Debian's
 * Chromium). When no Chromium is found the browser tests are skipped with one clear line;
 * with REQUIRE_BROWSER=1 (CI) that is a failure.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = (command, args, env = {}) => {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
};

let failed = run('npx', ['vitest', 'run']) !== 0;

if (!fs.existsSync(chromium)) {
  console.log(`Browser tests skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH).`);
  if (process.env.REQUIRE_BROWSER === '1') failed = true;
} else {
  failed = run('npm', ['run', 'build', '-w', 'apps/web']) !== 0 || failed;
  failed = run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], { CHROMIUM_PATH: chromium }) !== 0 || failed;
}
process.exit(failed ? 1 : 0);
