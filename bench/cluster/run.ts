/**
 * bench/cluster: three portal processes on one PostgreSQL database behind HAProxy (issue 21;
 * docs/operations.md, "Several processes"), on loopback ports, HAProxy's configuration written
 * to a temporary folder. Shows, and checks:
 * 1. all three start at once on the fresh database (the start-up lock) and answer /readyz;
 * 2. a rate limit of 10 (POST PasswordResetRequest, 10 per address in 15 minutes) holds at 10
 *    through the proxy, though HAProxy spreads the calls over the three (the `X-Server` header
 *    it adds names the process);
 * 3. a rolling restart under load: N clients write orders through the proxy (bench/order-writes'
 *    chain: ole creates a delivery with an idempotency key, admin registers its arrival, kari
 *    confirms) while each process in turn gets SIGTERM, exits 0, is started again and waits for
 *    /readyz 200 before the next; then 0 failed requests, and every acknowledged order present
 *    exactly once, in status 5, with the ledger invariant holding.
 *
 * Usage: npm run cluster -w bench -- [--clients 8] [--orders 2000]
 *        [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--base-port 3720]
 * Needs /usr/sbin/haproxy (Debian's `haproxy` package).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { nextOpenDay } from '@portal/domain/calendar';
import { openPostgres, rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.ts';
import { adminQuery } from '../lib/database.js';
import { haproxyConfig, type Portal, startPortal, status } from './processes.js';

// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's answers loosely
type Json = any;

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '8' },
    orders: { type: 'string', default: '2000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    'base-port': { type: 'string', default: '3720' },
  },
});
const clients = Number(values.clients);
const basePort = Number(values['base-port']);
const PROCESSES = 3;
const proxyPort = basePort + PROCESSES;
const dbName = `portal_cluster_${process.pid}`;
const dbUrl = (() => {
  const url = new URL(values.postgres);
  url.pathname = `/${dbName}`;
  return url.toString();
})();
const checks: { name: string; ok: boolean; detail: string }[] = [];
const check = (name: string, ok: boolean, detail: string) => {
  checks.push({ name, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'} ${name}: ${detail}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// 1. A fresh database with the demo data (fewer orders), then three processes at once.
await adminQuery(values.postgres, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
await adminQuery(values.postgres, `CREATE DATABASE "${dbName}"`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cluster-'));
let haproxy: ChildProcess | null = null;
const portals: Portal[] = [];
try {
  console.log(`Seeding ${dbName} (${values.orders} orders)...`);
  const seeding = await openPostgres(dbUrl, 5);
  await seedDemoData(seeding.db, { orders: Number(values.orders) });
  await seeding.close();
  const started = Date.now();
  portals.push(...(await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startPortal(i, basePort, dbUrl)))));
  console.log(`${PROCESSES} processes listening after ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const ready = await Promise.all(portals.map((p) => status(p.port, '/readyz')));
  check(
    'all processes ready',
    ready.every((s) => s === 200),
    `/readyz: ${ready.join(', ')}`,
  );

  const configPath = path.join(workDir, 'haproxy.cfg');
  fs.writeFileSync(configPath, haproxyConfig(PROCESSES, basePort, proxyPort));
  const valid = spawnSync('/usr/sbin/haproxy', ['-c', '-f', configPath], { encoding: 'utf8' });
  if (valid.status !== 0) throw new Error(`haproxy -c: ${valid.stdout}${valid.stderr}`);
  haproxy = spawn('/usr/sbin/haproxy', ['-db', '-f', configPath], { stdio: ['ignore', 'inherit', 'inherit'] });
  while ((await status(proxyPort, '/readyz')) !== 200) await sleep(200);
  await sleep(1500); // every server UP (rise 2 x 500 ms)
  const proxy = `http://127.0.0.1:${proxyPort}`;

  // 2. The shared rate limit through the proxy, from one client address.
  const address = `198.51.100.${1 + (process.pid % 250)}`;
  const limited: number[] = [];
  const servers = new Set<string>();
  for (let i = 0; i < 11; i++) {
    const answer = await fetch(`${proxy}/api/PasswordResetRequest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ userLoginName: `nobody-${i}` }),
    });
    await answer.arrayBuffer();
    limited.push(answer.status);
    servers.add(answer.headers.get('x-server') ?? '?');
  }
  check(
    'a limit of 10 holds at 10 over 3 processes',
    limited.slice(0, 10).every((s) => s === 200) && limited[10] === 429 && servers.size === PROCESSES,
    `statuses ${limited.join(' ')}; answered by ${[...servers].sort().join(', ')}`,
  );

  // 3. A rolling restart under the order-writes load.
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<{ status: number; json: Json }> => {
    try {
      const response = await fetch(`${proxy}/api${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      try {
        return { status: response.status, json: JSON.parse(text) };
      } catch {
        return { status: response.status, json: text };
      }
    } catch (error) {
      return { status: 0, json: String(error) };
    }
  };
  const login = async (name: string) => {
    const r = await call('POST', '/Login', null, { userLoginName: name, password: 'demo1234' });
    if (r.status !== 200) throw new Error(`login ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.token as string;
  };
  const [ole, kari, admin] = [await login('ole'), await login('kari'), await login('admin')];
  const locationIdTo = (await call('GET', '/location', kari)).json.data.id as number;
  const product = (await call('GET', `/AvailableProducts?locationId=${locationIdTo}`, kari)).json.data[0] as {
    id: number;
    qtyHeight: number;
  };
  const dateSend = nextOpenDay(new Date().toISOString().slice(0, 10), 'NO');
  const acknowledged: { id: number; key: string }[] = [];
  const failures: string[] = [];
  let requests = 0;
  let stop = false;
  const fail = (what: string, r: { status: number; json: Json }) =>
    failures.push(`${what}: ${r.status} ${JSON.stringify(r.json).slice(0, 200)}`);
  const load = Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stop) {
        const key = randomUUID();
        const body = {
          transactionTypeId: 3,
          locationIdTo,
          dateSend,
          lines: [{ productId: product.id, quantityOrdered: Math.max(1, product.qtyHeight) }],
          draft: false,
          idempotencyKey: key,
        };
        requests++;
        const created = await call('POST', '/Orders', ole, body);
        if (created.status !== 200) {
          fail('create', created);
          continue;
        }
        const id = created.json.data.id as number;
        acknowledged.push({ id, key });
        requests++;
        const arrived = await call('POST', '/OrderArrival', admin, { id });
        if (arrived.status !== 200) {
          fail('arrival', arrived);
          continue;
        }
        if (arrived.json.data.transactionStatusId === 11) {
          requests++;
          const confirmed = await call('POST', '/OrderStatus', kari, { id, transactionStatusId: 5 });
          if (confirmed.status !== 200) fail('confirm', confirmed);
        }
      }
    }),
  );
  await sleep(3000);
  const exitCodes: (number | null)[] = [];
  for (let i = 0; i < PROCESSES; i++) {
    const t = Date.now();
    const old = portals[i] as Portal;
    old.child.kill('SIGTERM');
    exitCodes.push(await old.exited);
    portals[i] = await startPortal(i, basePort, dbUrl);
    while ((await status(portals[i]?.port ?? 0, '/readyz')) !== 200) await sleep(200);
    await sleep(1500); // HAProxy sees it UP again (rise 2 x 500 ms)
    console.log(`process ${i} restarted in ${((Date.now() - t) / 1000).toFixed(0)} s; ${acknowledged.length} orders so far`);
  }
  await sleep(2000);
  stop = true;
  await load;
  check(
    'every process exited 0 on SIGTERM',
    exitCodes.every((c) => c === 0),
    `exit codes ${exitCodes.join(', ')}`,
  );
  check(
    'no failed request during the rolling restart',
    failures.length === 0,
    `${requests} requests, ${failures.length} failed${failures.length ? `: ${failures.slice(0, 3).join('; ')}` : ''}`,
  );

  const db = await openPostgres(dbUrl, 2);
  try {
    const keys = acknowledged.map((a) => a.key);
    const found = await rows<{ id: number; key: string; status: number }>(
      db.db,
      sql`SELECT id, idempotency_key AS key, transaction_status_id AS status FROM orders
          WHERE idempotency_key IN (SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
    );
    const byKey = new Map(found.map((o) => [o.key, o]));
    const once = acknowledged.every((a) => Number(byKey.get(a.key)?.id) === a.id) && found.length === acknowledged.length;
    check(
      'every acknowledged order present exactly once',
      once && acknowledged.length > 0,
      `${acknowledged.length} acknowledged, ${found.length} orders with their keys`,
    );
    const notFive = found.filter((o) => Number(o.status) !== 5).length;
    check('acknowledged orders ended in 5', notFive === 0, `${notFive} not in status 5`);
    const problems = await checkLedgerInvariant(db.db);
    check('ledger invariant', problems.length === 0, `${problems.length} problems`);
  } finally {
    await db.close();
  }
} finally {
  for (const p of portals) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  haproxy?.kill('SIGTERM');
  await sleep(500);
  await adminQuery(values.postgres, `DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => {});
  fs.rmSync(workDir, { recursive: true, force: true });
}
const failed = checks.filter((c) => !c.ok).length;
console.log(`\n${checks.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
