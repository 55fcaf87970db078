/**
 * The ten-year seed for benches (issue 21, "Ten years of data"), PostgreSQL only: the demo seed
 * (reference data, users, depots, the demo's customers and 20,000 orders of its last two years),
 * then, set-based (`INSERT ... SELECT generate_series`, no row leaves the server):
 * - customers and locations until there are `locations` (bench/lib/history-world.ts);
 * - the rest of the `orders` spread over `years` years up to `today`, with their lines, a history
 *   row each and the ledger postings of the received ones (bench/lib/history-orders.ts);
 * - the opening entries and depot issues that keep every running balance at or above zero, and
 *   the running totals in `balances` (bench/lib/history-ledger.ts);
 * - `ledger_months` (the monthly sums, migration 0020) and `order_counts` (`rebuildOrderCounts`)
 *   rebuilt, the sequences moved past the ids written, and `VACUUM ANALYZE`.
 * The invariants are the application's: every balance is the sum of its entries, the order and
 * opening entries of each product and kind sum to zero, only status 5 orders post.
 *
 * Speed: while loading, the sessions run with `session_replication_role = replica` (no foreign
 * key checks, no triggers: `order_counts` and `ledger_months` are rebuilt after), the tables'
 * secondary indexes and their insert triggers with a transition table are dropped and made again
 * after the load (the primary keys stay: their keys only grow), and `synchronous_commit` is off.
 * Everything is plain SQL through two `pg` connections: the orders, lines and history on one, the
 * ledger beside it on the other (a chunk behind), and half the indexes on each.
 */
import { openPostgres, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { rebuildOrderCounts } from '@portal/server/src/modules/orders/order-counts.js';
import pg from 'pg';
import { rebuildHistoryMonths, seedHistoryOpenings } from './history-ledger.js';
import { CHUNK, planChunk, planTables, writeLedger, writeOrders } from './history-orders.js';
import { seedHistoryWorld } from './history-world.js';

/** What to seed. */
export interface HistoryOptions {
  /** Orders in all, the demo's 20,000 included. */
  orders: number;
  /** Locations in all, the demo's (148) included. */
  locations: number;
  /** Years of history up to `today`. */
  years: number;
  /** The last day (yyyy-MM-dd). */
  today: string;
  /** Reports each step: its name and seconds. */
  log: (line: string) => void;
  /** Also reports each statement that took over half a second. */
  trace?: boolean;
}

/** The demo's own orders (its last two years). */
const DEMO_ORDERS = 20_000;
const TABLES = ['orders', 'order_lines', 'order_status_history', 'ledger_entries'];

/** Seeds the empty, migrated or new PostgreSQL database at `url`; answers the seconds it took. */
export async function seedHistory(url: string, options: HistoryOptions): Promise<number> {
  const started = performance.now();
  const { log } = options;
  let last = started;
  const step = (name: string) => {
    const now = performance.now();
    log(`   ${name}: ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
  const demo = await openPostgres(url, 2);
  await seedDemoData(demo.db, { orders: Math.min(DEMO_ORDERS, options.orders), today: options.today });
  await demo.close();
  step(`demo seed (${Math.min(DEMO_ORDERS, options.orders)} orders)`);

  // Two connections: the orders, lines and history on `client`, the ledger on `ledger` beside it.
  const client = await connect(url, options.trace ? log : null);
  const ledger = await connect(url, options.trace ? log : null);
  try {
    await client.query('SELECT setseed(0.21)');
    const added = await seedHistoryWorld(client, options.locations);
    step(`${added} locations added`);
    const count = Math.max(0, options.orders - DEMO_ORDERS);
    const max = async (table: string) => Number((await client.query(`SELECT coalesce(max(id), 0) AS n FROM ${table}`)).rows[0]?.n);
    const baseId = await max('orders');
    const ids = { line: await max('order_lines'), history: await max('order_status_history') };
    const indexes = await dropIndexes(client);
    const triggers = await dropTriggers(client);
    const loaded = { after: await max('ledger_entries'), through: 0 };
    await planTables(client);
    const days = Math.round(options.years * 365.25);
    // Chunk k's ledger is written while chunk k+1 is planned and its orders written.
    let ledgerDone: Promise<void> = Promise.resolve();
    for (let first = 1; first <= count; first += CHUNK) {
      const lastOne = Math.min(count, first + CHUNK - 1);
      await planChunk(client, { first, last: lastOne, count, baseId, days, today: options.today });
      await ledgerDone;
      ledgerDone = writeLedger(ledger, baseId + first, baseId + lastOne);
      ledgerDone.catch(() => {});
      await writeOrders(client, baseId + first, baseId + lastOne, ids);
      step(`orders ${first.toLocaleString('en-US')}-${lastOne.toLocaleString('en-US')} with lines and history (its ledger beside)`);
    }
    await ledgerDone;
    step("the last chunk's ledger");
    loaded.through = await max('ledger_entries');
    // The orders' indexes on one connection, the ledger's on the other.
    const build = async (list: Dropped[], on: pg.Client) => {
      for (const index of list) await on.query(index.definition);
    };
    await Promise.all([
      build(
        indexes.filter((i) => i.table !== 'ledger_entries'),
        client,
      ),
      build(
        indexes.filter((i) => i.table === 'ledger_entries'),
        ledger,
      ),
    ]);
    for (const trigger of triggers) await client.query(trigger.definition);
    // For the reads of the entries by id below (the rest is analyzed at the end).
    await client.query('ANALYZE ledger_entries');
    step(`${indexes.length} indexes and ${triggers.length} triggers made again`);
    const [first] = (await client.query<{ day: string }>(`SELECT ($1::date - $2::int - 1)::text AS day`, [options.today, days])).rows;
    await seedHistoryOpenings(client, loaded, first?.day as string);
    step('openings, depot issues and balances');
    await rebuildHistoryMonths(client, loaded);
    step('ledger_months rebuilt');
    for (const table of TABLES) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    await client.query(
      `INSERT INTO app_meta (key, value) VALUES ('historySeeded', $1)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [JSON.stringify({ ...options, log: undefined })],
    );
    await client.query('DROP TABLE h_plan, h_orders_month');
  } finally {
    await client.end();
    await ledger.end();
  }
  const database = await openPostgres(url, 2);
  try {
    await database.db.transaction((tx) => rebuildOrderCounts(tx));
    step('order_counts rebuilt');
    await database.db.execute(sql`VACUUM ANALYZE`);
    step('VACUUM ANALYZE');
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}

/** An index or trigger dropped for the load: its name, table and the statement that makes it again. */
interface Dropped {
  name: string;
  table: string;
  definition: string;
}

/** A loading connection (`replica`: no foreign-key checks, no triggers), logging slow statements when `log` is given. */
async function connect(url: string, log: ((line: string) => void) | null): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`SET session_replication_role = replica; SET synchronous_commit = off;
    SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'`);
  if (!log) return client;
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  (client as unknown as { query: unknown }).query = async (...args: unknown[]) => {
    const started = performance.now();
    const result = await query(...args);
    const seconds = (performance.now() - started) / 1000;
    if (seconds > 0.5) log(`      ${seconds.toFixed(1)} s ${String(args[0]).replace(/\s+/g, ' ').slice(0, 70)}`);
    return result;
  };
  return client;
}

/** Drops the loaded tables' secondary indexes (not those of a constraint) and answers them, to be made again. */
async function dropIndexes(client: pg.Client): Promise<Dropped[]> {
  const indexes = (
    await client.query<Dropped>(
      `SELECT i.indexrelid::regclass::text AS name, i.indrelid::regclass::text AS table, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       WHERE i.indrelid::regclass::text = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [TABLES],
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return indexes;
}

/**
 * Drops the loaded tables' statement triggers with a transition table (the counters'
 * `orders_count_insert_trg`, the months' `ledger_months_insert_trg`) and answers them, to be made
 * again. They do not fire under `replica`, but PostgreSQL still keeps every inserted row for
 * their transition table: about half an insert's time.
 */
async function dropTriggers(client: pg.Client): Promise<Dropped[]> {
  const triggers = (
    await client.query<Dropped>(
      `SELECT tgname AS name, tgrelid::regclass::text AS table, pg_get_triggerdef(oid) AS definition FROM pg_trigger
       WHERE tgrelid::regclass::text = ANY($1) AND NOT tgisinternal AND (tgnewtable IS NOT NULL OR tgoldtable IS NOT NULL)`,
      [TABLES],
    )
  ).rows;
  for (const trigger of triggers) await client.query(`DROP TRIGGER ${trigger.name} ON ${trigger.table}`);
  return triggers;
}
