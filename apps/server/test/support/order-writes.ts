/**
 * bench/order-writes' chain of calls over HTTP, for apps/server/test/cluster.test.ts and
 * bench/cluster: N clients in a loop, each: `ole` (supplier, Norway) creates a delivery (POST
 * Orders, draft false: status 4) to kari's location with a fresh idempotency key, `admin`
 * registers its arrival (POST OrderArrival: 11 or 5), and if it is at 11 `kari` confirms it
 * (POST OrderStatus 5). Then the checks: every acknowledged order present exactly once, in 5.
 */
import { randomUUID } from 'node:crypto';
import { nextOpenDay } from '@portal/domain/calendar';
import { type Db, rows, sql } from '../../src/db/client.js';

// biome-ignore lint/suspicious/noExplicitAny: the load reads the API's answers loosely
type Json = any;

/** One call's answer: its status (0 when no answer came) and body. */
interface Answer {
  status: number;
  json: Json;
}

/** The calls of the chain, timed separately. */
export type ChainCall = 'create' | 'arrival' | 'confirm';

/** What a run of the chain did: acknowledged creates, failed calls, and each call's latencies (ms). */
export interface OrderWrites {
  acknowledged: { id: number; key: string }[];
  /** Every call answered other than 200 (or not at all): "create: 503 ...". */
  failures: string[];
  requests: number;
  /** Chains finished (create, arrival and, when needed, confirm). */
  chains: number;
  latencies: Record<ChainCall, number[]>;
  /** Each finished chain's time from the create's start to its last answer (ms). */
  chainLatencies: number[];
}

/** POSTs or GETs `url` under `base`/api as the holder of `token`; status 0 when nothing answers. */
async function call(base: string, method: 'GET' | 'POST', url: string, token: string | null, body?: unknown): Promise<Answer> {
  try {
    const response = await fetch(`${base}/api${url}`, {
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
}

/**
 * Starts `clients` loops of the chain against the portal at `base` (a proxy or one process; its
 * demo users sign in first). `run` is the figures so far; `stop` ends the loops after their
 * current chain and answers the run's figures.
 */
export async function startOrderWrites(base: string, clients: number): Promise<{ run: OrderWrites; stop: () => Promise<OrderWrites> }> {
  const login = async (name: string) => {
    const r = await call(base, 'POST', '/Login', null, { userLoginName: name, password: 'demo1234' });
    if (r.status !== 200) throw new Error(`login ${name}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.token as string;
  };
  const [ole, kari, admin] = [await login('ole'), await login('kari'), await login('admin')];
  const locationIdTo = (await call(base, 'GET', '/location', kari)).json.data.id as number;
  const product = (await call(base, 'GET', `/AvailableProducts?locationId=${locationIdTo}`, kari)).json.data[0] as {
    id: number;
    qtyHeight: number;
  };
  const dateSend = nextOpenDay(new Date().toISOString().slice(0, 10), 'NO');
  const run: OrderWrites = {
    acknowledged: [],
    failures: [],
    requests: 0,
    chains: 0,
    latencies: { create: [], arrival: [], confirm: [] },
    chainLatencies: [],
  };
  let stopping = false;
  const timed = async (kind: ChainCall, url: string, token: string, body: unknown) => {
    run.requests++;
    const started = performance.now();
    const answer = await call(base, 'POST', url, token, body);
    run.latencies[kind].push(performance.now() - started);
    if (answer.status !== 200) run.failures.push(`${kind}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}`);
    return answer;
  };
  const loops = Promise.all(
    Array.from({ length: clients }, async () => {
      while (!stopping) {
        const key = randomUUID();
        const started = performance.now();
        const created = await timed('create', '/Orders', ole, {
          transactionTypeId: 3,
          locationIdTo,
          dateSend,
          lines: [{ productId: product.id, quantityOrdered: Math.max(1, product.qtyHeight) }],
          draft: false,
          idempotencyKey: key,
        });
        if (created.status !== 200) continue;
        const id = created.json.data.id as number;
        run.acknowledged.push({ id, key });
        const arrived = await timed('arrival', '/OrderArrival', admin, { id });
        if (arrived.status !== 200) continue;
        if (arrived.json.data.transactionStatusId === 11) {
          const confirmed = await timed('confirm', '/OrderStatus', kari, { id, transactionStatusId: 5 });
          if (confirmed.status !== 200) continue;
        }
        run.chains++;
        run.chainLatencies.push(performance.now() - started);
      }
    }),
  );
  return {
    run,
    async stop() {
      stopping = true;
      await loops;
      return run;
    },
  };
}

/**
 * The orders in `db` carrying the idempotency keys of `acknowledged`: how many, how many of the
 * acknowledged are present exactly once under their id, and how many are not in status 5.
 */
export async function acknowledgedOrders(
  db: Db,
  acknowledged: OrderWrites['acknowledged'],
): Promise<{ found: number; presentOnce: number; notFive: number }> {
  // As one jsonb parameter: thousands of keys would pass the bind parameter limit.
  const keys = JSON.stringify(acknowledged.map((a) => a.key));
  const found = await rows<{ id: number; key: string; status: number }>(
    db,
    sql`SELECT id, idempotency_key AS key, transaction_status_id AS status FROM orders
        WHERE idempotency_key IN (SELECT jsonb_array_elements_text(${keys}::jsonb))`,
  );
  const byKey = new Map<string, number[]>();
  for (const order of found) byKey.set(order.key, [...(byKey.get(order.key) ?? []), Number(order.id)]);
  const presentOnce = acknowledged.filter((a) => byKey.get(a.key)?.length === 1 && byKey.get(a.key)?.[0] === a.id).length;
  return { found: found.length, presentOnce, notFive: found.filter((o) => Number(o.status) !== 5).length };
}

/** The value at percentile `p` (0-100) of `values` (any order). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
