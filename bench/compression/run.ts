/**
 * bench/compression: what compressing the API's JSON answers costs and gains
 * (apps/server/src/plugins/compression.ts). On the demo data (PGlite, a temporary directory)
 * kari asks for orders pages of 50 and 1,000 rows through the real HTTP server:
 * - sizes plain, brotli and gzip as sent, and the CPU time of compressing the 1,000-row answer
 *   in this process with the server's settings and with brotli 11 (what the build uses);
 * - one client in a loop: median and 90th percentile per encoding (alternated);
 * - `--connections` clients for `--seconds` each (autocannon), plain and brotli alternated
 *   `--rounds` times: requests per second and median latency.
 *
 * Usage: npm run compression -w bench -- [--connections 4] [--seconds 6] [--rounds 3]
 */
import http from 'node:http';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import autocannon from 'autocannon';
import { openBenchDatabase } from '../lib/database.js';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '6' },
    rounds: { type: 'string', default: '3' },
  },
});

/** Milliseconds per call of `work`, the mean of `times` calls after one warm-up. */
function timeIt(work: () => unknown, times = 20): number {
  work();
  const start = process.hrtime.bigint();
  for (let i = 0; i < times; i++) work();
  return Number(process.hrtime.bigint() - start) / 1e6 / times;
}

/** One GET with `encoding`: milliseconds to the last byte and bytes received. */
function get(url: string, token: string, encoding: string): Promise<{ ms: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    http
      .get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - start) / 1e6, bytes }));
      })
      .on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

console.log('Seeding the demo data in a temporary PGlite directory...');
const { database, cleanup } = await openBenchDatabase('pglite', 'bench_compression', '', 1);
try {
  await seedDemoData(database.db);
  const app = await buildApp({ db: database.db, config: { ...readConfig({}), port: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const login = await fetch(`${base}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userLoginName: 'kari', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const location = (
    (await (await fetch(`${base}/location`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: number } }
  ).data;
  const page = (count: number) => `${base}/Orders?locationId=${location.id}&count=${count}`;

  console.log('\nSizes as sent (bytes):\n');
  console.log('| answer | plain | brotli | gzip |');
  console.log('| ------ | ----: | -----: | ---: |');
  for (const count of [50, 1000]) {
    const sizes = [];
    for (const encoding of ['identity', 'br', 'gzip']) sizes.push((await get(page(count), token, encoding)).bytes);
    console.log(`| orders page of ${count} rows | ${sizes.join(' | ')} |`);
  }

  const body = Buffer.from(await (await fetch(page(1000), { headers: { authorization: `Bearer ${token}` } })).text());
  const brotli = (quality: number) => () =>
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
  console.log(`\nCPU for the 1,000-row answer (${body.length} bytes), ms per call in this process:\n`);
  console.log(`  JSON.stringify of it  ${timeIt(() => JSON.stringify(JSON.parse(body.toString()))).toFixed(2)}`);
  console.log(`  brotli 4 (server)     ${timeIt(brotli(4)).toFixed(2)}`);
  console.log(`  gzip 6 (server)       ${timeIt(() => gzipSync(body, { level: 6 })).toFixed(2)}`);
  console.log(`  brotli 11 (the build) ${timeIt(brotli(11), 3).toFixed(2)}`);

  console.log('\nOne client, 1,000-row page, 40 calls per encoding (alternated), ms:\n');
  const single: Record<string, number[]> = { identity: [], br: [], gzip: [] };
  for (let i = 0; i < 40; i++)
    for (const encoding of Object.keys(single)) single[encoding]?.push((await get(page(1000), token, encoding)).ms);
  for (const [encoding, times] of Object.entries(single)) {
    const sorted = times.sort((a, b) => a - b);
    console.log(`  ${encoding.padEnd(8)} p50 ${percentile(sorted, 0.5).toFixed(1)}  p90 ${percentile(sorted, 0.9).toFixed(1)}`);
  }

  const connections = Number(values.connections);
  const seconds = Number(values.seconds);
  console.log(`\n${connections} clients, 1,000-row page, ${seconds} s per run (autocannon), alternated:\n`);
  console.log('| round | plain req/s | plain p50 ms | brotli req/s | brotli p50 ms |');
  console.log('| ----: | ----------: | -----------: | -----------: | ------------: |');
  for (let round = 1; round <= Number(values.rounds); round++) {
    const cells = [];
    for (const encoding of ['identity', 'br']) {
      const result = await autocannon({
        url: page(1000),
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
      });
      cells.push(result.requests.average.toFixed(1), String(result.latency.p50));
    }
    console.log(`| ${round} | ${cells.join(' | ')} |`);
  }
  await app.close();
} finally {
  await database.close();
  await cleanup();
}
