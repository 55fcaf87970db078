#!/usr/bin/env node
/**
 * `npm run test:late`: the unit, web and API tests (Vitest) with the wall clock set to late
 * evening UTC, when the Nordic date is already tomorrow's (docs/domain.md, "Today"): by default
 * at 23:30 UTC on New Year's Eve (2026-12-31, already 2027 in the Nordics) and at 23:30 UTC on a
 * Saturday (2026-11-28, Sunday there). The clock is faked with libfaketime (Debian/Ubuntu package
 * `faketime`), which starts it at the instant given and lets it run on; the process's time zone
 * is UTC, as a server's or a browser's may be.
 *
 *   npm run test:late                                  # every Vitest test, at both instants
 *   npm run test:late -- apps/server/test/rentals.test.ts   # some files only (Vitest's filters)
 *   TEST_AT='2027-03-28 00:30:00' npm run test:late    # other instants (UTC, ';'-separated)
 *
 * The API tests run on PGlite only (DATABASE_URL is removed): PGlite's clock is the faked one,
 * while a PostgreSQL server's `now()` would still say the real time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The instants tested (UTC), unless TEST_AT names others. */
const DEFAULT_INSTANTS = ['2026-12-31 23:30:00', '2026-11-28 23:30:00'];
/** Where Debian and Ubuntu install libfaketime (the `faketime` command preloads it). */
const LIBRARIES = [
  '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1',
  '/usr/lib/faketime/libfaketime.so.1',
];

const root = path.resolve(import.meta.dirname, '..');
const library = process.env.FAKETIME_LIB ?? LIBRARIES.find((file) => fs.existsSync(file));
if (!library) {
  console.error('libfaketime not found: install the faketime package (apt-get install faketime) or set FAKETIME_LIB.');
  process.exit(1);
}
const instants = (process.env.TEST_AT ?? DEFAULT_INSTANTS.join(';'))
  .split(';')
  .map((instant) => instant.trim())
  .filter(Boolean);

for (const instant of instants) {
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(instant)) {
    console.error(`TEST_AT: "${instant}" is not yyyy-MM-dd hh:mm:ss (UTC).`);
    process.exit(1);
  }
  const env = { ...process.env, TZ: 'UTC', LD_PRELOAD: library, FAKETIME: `@${instant}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' };
  delete env.DATABASE_URL;
  // The clock really is the faked one, or the run would prove nothing.
  const seen = spawnSync(process.execPath, ['-e', 'process.stdout.write(new Date().toISOString())'], { env, encoding: 'utf8' }).stdout;
  if (!seen.startsWith(instant.slice(0, 10))) {
    console.error(`libfaketime did not take: Node.js says ${seen || 'nothing'} instead of ${instant} UTC.`);
    process.exit(1);
  }
  console.log(`\n> vitest run at ${instant} UTC (Node.js says ${seen})`);
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env,
    cwd: root,
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
