/**
 * bench/order-writes: the order write path under load. N clients for a fixed time, each in a
 * loop: `ole` (supplier, Norway) creates a delivery (POST Orders, draft=false: status 4) to
 * kari's acting location with a fresh idempotency key, `admin` registers its arrival
 * (POST OrderArrival: 11 or 5), and if it is at 11 `kari` confirms it (POST OrderStatus 5).
 * Prints completed chains per second and p50/p99 per call, then checks: every acknowledged
 * order exists exactly once and ended in 5, no idempotency key twice, resending 20 creates
 * with the same key answers the same id and writes nothing, and the ledger invariant holds.
 * Before the measured run the clients warm up for `--warmup` seconds (their orders are checked
 * too; their times are left out); on PostgreSQL the seed is checkpointed and autovacuum waited
 * for first. `--sample-locks` (PostgreSQL) samples `pg_stat_activity` every 20 ms during the run
 * and prints where the connections spent their time (bench/lib/lock-sampler.ts).
 *
 * Usage: npm run order-writes -w bench -- [--seconds 20] [--clients 50] [--db postgres|pglite|both]
 *        [--orders 20000] [--postgres postgres://postgres@127.0.0.1:5432/postgres] [--name bench_writes]
 *        [--warmup 3] [--sample-locks]
 */
import { randomUUID } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { nextOpenDay } from '@portal/domain/calendar';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.ts';
import { type Backend, openBenchDatabase, settlePostgres } from '../lib/database.js';
import { type LockSampler, startLockSampler } from '../lib/lock-sampler.js';

// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's answers loosely
type Json = any;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '50' },
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '20000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    name: { type: 'string', default: 'bench_writes' },
    warmup: { type: 'string', default: '3' },
    'sample-locks': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const clients = Number(values.clients);
const seedOrders = Number(values.orders);
const warmup = Number(values.warmup);

type Call = 'create' | 'arrival' | 'confirm';
interface Result {
  backend: Backend;
  chains: number;
  errors: number;
  latencies: Record<Call, number[]>;
  checks: { name: string; ok: boolean; detail: string }[];
  /** The event loop's delay (ms) during the measured run: p99 and longest. */
  loopP99?: number;
  loopMax?: number;
}
const results: Result[] = [];

/** Prints the sampler's `top` kinds of time, each as connection-seconds and share of all busy samples. */
function printSamples({ samples, rows }: Awaited<ReturnType<LockSampler['stop']>>, top: number): void {
  const busy = rows.reduce((sum, row) => sum + row.samples, 0);
  console.log(`   ${samples} samples of pg_stat_activity, ${(busy / Math.max(1, samples)).toFixed(1)} connections busy on average:`);
  const share = (n: number) => `${((100 * n) / Math.max(1, busy)).toFixed(1).padStart(5)}%`;
  for (const row of rows.slice(0, top)) console.log(`   ${share(row.samples)}  ${row.what}`);
  // Lock waits by the waiting statement's first words: which write waits, in all.
  const waits = new Map<string, number>();
  for (const row of rows.filter((r) => r.what.startsWith('lock '))) {
    const waiting = row.what.replace(/^lock \w+: /, '').slice(0, 40);
    waits.set(waiting, (waits.get(waiting) ?? 0) + row.samples);
  }
  const total = [...waits.values()].reduce((sum, n) => sum + n, 0);
  console.log(`   lock waits in all: ${share(total)} of busy connection time`);
  for (const [waiting, n] of [...waits].sort((a, b) => b[1] - a[1])) console.log(`   ${share(n)}  waiting: ${waiting}`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function benchOne(backend: Backend): Promise<void> {
  console.log(`\n== ${backend}: seeding ${seedOrders.toLocaleString('en-US')} orders...`);
  const { database, url, cleanup } = await openBenchDatabase(backend, values.name, values.postgres, 50);
  const result: Result = { backend, chains: 0, errors: 0, latencies: { create: [], arrival: [], confirm: [] }, checks: [] };
  results.push(result);
  try {
    const started = Date.now();
    await seedDemoData(database.db, { orders: seedOrders });
    console.log(`   seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    if (url) await settlePostgres(values.postgres, [new URL(url).pathname.slice(1)], true);

    const config = { ...readConfig({}), port: 0 };
    const app = await buildApp({ db: database.db, config });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const base = `http://127.0.0.1:${port}/api`;

    // Global fetch (undici) keeps connections alive by default.
    async function call(
      method: 'GET' | 'POST',
      url: string,
      token: string | null,
      body?: unknown,
    ): Promise<{ status: number; json: Json }> {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      let json: Json = null;
      try {
        json = JSON.parse(text);
      } catch {
        json = text;
      }
      return { status: response.status, json };
    }
    async function login(name: string): Promise<string> {
      const r = await call('POST', '/Login', null, { userLoginName: name, password: 'demo1234' });
      if (r.status !== 200) throw new Error(`login ${name}: ${r.status} ${JSON.stringify(r.json)}`);
      return r.json.data.token as string;
    }
    const ole = await login('ole');
    const kari = await login('kari');
    const admin = await login('admin');
    const location = await call('GET', '/location', kari);
    if (location.status !== 200) throw new Error(`GET location: ${location.status} ${JSON.stringify(location.json)}`);
    const locationIdTo = location.json.data.id as number;
    const products = await call('GET', `/AvailableProducts?locationId=${locationIdTo}`, kari);
    if (products.status !== 200 || !products.json.data.length)
      throw new Error(`GET AvailableProducts: ${products.status} ${JSON.stringify(products.json)}`);
    const product = products.json.data[0] as { id: number; qtyHeight: number };
    const quantityOrdered = Math.max(1, product.qtyHeight);
    const dateSend = nextOpenDay(new Date().toISOString().slice(0, 10), 'NO');
    console.log(`   delivery ole -> location ${locationIdTo}, product ${product.id} x ${quantityOrdered}, dateSend ${dateSend}`);
    const [{ n: ordersBefore } = { n: 0 }] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);

    const acknowledged: { id: number; key: string; body: unknown }[] = [];
    const keys: string[] = [];
    const errorSamples: string[] = [];
    const fail = (what: string, r: { status: number; json: Json }) => {
      result.errors++;
      if (errorSamples.length < 5) errorSamples.push(`${what}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    };
    /** Runs the clients' loop for `runSeconds`; latencies and chains count only when `measured`. */
    const runClients = async (runSeconds: number, measured: boolean) => {
      const until = Date.now() + runSeconds * 1000;
      const timed = async (kind: Call, f: () => Promise<{ status: number; json: Json }>) => {
        const t = performance.now();
        const r = await f();
        if (measured) result.latencies[kind].push(performance.now() - t);
        return r;
      };
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (Date.now() < until) {
            const key = randomUUID();
            keys.push(key);
            const body = {
              transactionTypeId: 3,
              locationIdTo,
              dateSend,
              lines: [{ productId: product.id, quantityOrdered }],
              draft: false,
              idempotencyKey: key,
            };
            const created = await timed('create', () => call('POST', '/Orders', ole, body));
            if (created.status !== 200) {
              fail('create', created);
              continue;
            }
            const id = created.json.data.id as number;
            acknowledged.push({ id, key, body });
            const arrived = await timed('arrival', () => call('POST', '/OrderArrival', admin, { id }));
            if (arrived.status !== 200) {
              fail('arrival', arrived);
              continue;
            }
            if (arrived.json.data.transactionStatusId === 11) {
              const confirmed = await timed('confirm', () => call('POST', '/OrderStatus', kari, { id, transactionStatusId: 5 }));
              if (confirmed.status !== 200) {
                fail('confirm', confirmed);
                continue;
              }
            }
            if (measured) result.chains++;
          }
        }),
      );
    };
    // The warm-up's orders are checked like the others; only its times are left out.
    if (warmup > 0) {
      await runClients(warmup, false);
      console.log(`   warmed up for ${warmup} s (${acknowledged.length} orders)`);
    }
    const sampler = values['sample-locks'] && url ? await startLockSampler(url, 20) : null;
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const benchStarted = performance.now();
    await runClients(seconds, true);
    loop.disable();
    result.loopP99 = loop.percentile(99) / 1e6;
    result.loopMax = loop.max / 1e6;
    const elapsed = (performance.now() - benchStarted) / 1000;
    (result as Result & { elapsed?: number }).elapsed = elapsed;
    if (sampler) printSamples(await sampler.stop(), 20);
    for (const e of errorSamples) console.log(`   error: ${e}`);
    console.log(
      `   ${result.chains} chains in ${elapsed.toFixed(1)} s, ${result.errors} errors; event loop delay p99 ${result.loopP99.toFixed(0)} ms, max ${result.loopMax.toFixed(0)} ms`,
    );

    // Resend 20 creates with their key: the same id, nothing new.
    const [{ n: beforeResend } = { n: 0 }] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
    const resend = acknowledged.slice(0, 20);
    let sameId = 0;
    const resendProblems: string[] = [];
    for (const a of resend) {
      const r = await call('POST', '/Orders', ole, a.body);
      if (r.status === 200 && r.json.data.id === a.id) sameId++;
      else resendProblems.push(`${a.id}: ${r.status} ${r.status === 200 ? r.json.data.id : JSON.stringify(r.json).slice(0, 200)}`);
    }
    const [{ n: afterResend } = { n: 0 }] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
    await app.close();

    // Checks.
    const check = (name: string, ok: boolean, detail: string) => result.checks.push({ name, ok, detail });
    const ids = acknowledged.map((a) => a.id);
    // As one jsonb parameter each: thousands of ids would pass the bind parameter limit.
    const idList = sql`SELECT (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::int`;
    const keyList = sql`SELECT jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb)`;
    const [found] = await rows<{ n: number; notFive: number }>(
      database.db,
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE transaction_status_id <> 5)::int AS "notFive" FROM orders WHERE id IN (${idList})`,
    );
    const distinctIds = new Set(ids).size;
    check(
      'acknowledged orders exist once',
      found?.n === ids.length && distinctIds === ids.length,
      `${ids.length} acknowledged, ${distinctIds} distinct ids, ${found?.n ?? 0} found`,
    );
    const dupKeys = await rows<{ key: string; n: number }>(
      database.db,
      sql`SELECT idempotency_key AS key, count(*)::int AS n FROM orders WHERE idempotency_key IN (${keyList}) GROUP BY 1 HAVING count(*) > 1`,
    );
    check('no idempotency key twice', dupKeys.length === 0, `${dupKeys.length} keys with more than one order`);
    const [byKey] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key IN (${keyList})`,
    );
    check('orders written = acknowledged', byKey?.n === ids.length, `${byKey?.n ?? 0} orders with a bench key, ${ids.length} acknowledged`);
    check('acknowledged orders ended in 5', found?.notFive === 0, `${found?.notFive ?? '?'} not in status 5`);
    check(
      'resend with same key',
      sameId === resend.length && afterResend === beforeResend,
      `${sameId}/${resend.length} same id, orders ${beforeResend} -> ${afterResend}${resendProblems.length ? `; ${resendProblems.slice(0, 3).join('; ')}` : ''}`,
    );
    check(
      'no other orders written',
      afterResend - ordersBefore === ids.length,
      `orders ${ordersBefore} -> ${afterResend} (+${afterResend - ordersBefore})`,
    );
    const problems = await checkLedgerInvariant(database.db);
    check(
      'ledger invariant',
      problems.length === 0,
      `${problems.length} problems${problems.length ? `: ${JSON.stringify(problems.slice(0, 3))}` : ''}`,
    );
    check('no failed calls', result.errors === 0, `${result.errors} errors`);
  } finally {
    await database.close();
    await cleanup();
  }
}

const backends: Backend[] = values.db === 'both' ? ['postgres', 'pglite'] : [values.db as Backend];
for (const backend of backends) await benchOne(backend);

const fmt = (n: number) => n.toFixed(1).padStart(7);
console.log(`\nOrder write chain (create -> arrival -> [confirm]), ${clients} clients, ${seconds} s each\n`);
console.log('backend   | orders/s  chains errors | create p50   p99 | arrival p50   p99 | confirm p50   p99 (n)');
for (const r of results) {
  const elapsed = (r as Result & { elapsed?: number }).elapsed ?? seconds;
  const pc = (k: Call) => {
    const s = [...r.latencies[k]].sort((a, b) => a - b);
    return `${fmt(percentile(s, 50))} ${fmt(percentile(s, 99))}`;
  };
  console.log(
    `${r.backend.padEnd(9)} | ${fmt(r.chains / elapsed)} ${String(r.chains).padStart(7)} ${String(r.errors).padStart(6)} | ${pc('create')} | ${pc('arrival')} | ${pc('confirm')} (${r.latencies.confirm.length})`,
  );
}
console.log('\nchecks (latencies in ms):');
let allOk = true;
for (const r of results) {
  for (const c of r.checks) {
    if (!c.ok) allOk = false;
    console.log(`${c.ok ? 'PASS' : 'FAIL'} ${r.backend.padEnd(9)} ${c.name}: ${c.detail}`);
  }
  if (r.checks.length === 0) {
    allOk = false;
    console.log(`FAIL ${r.backend.padEnd(9)} did not finish`);
  }
}
process.exit(allOk ? 0 : 1);
