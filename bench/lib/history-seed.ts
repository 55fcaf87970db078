/**
 * The ten-year seed for benches (issue 21, "Ten years of data"), PostgreSQL only: the demo seed
 * (reference data, users, depots, the demo's customers and 20,000 orders of its last two years),
 * then, set-based (`INSERT ... SELECT generate_series`, no row leaves the server):
 * - customers and locations until there are `locations` (bench/lib/history-world.ts);
 * - the rest of the `orders` spread over `years` years up to `today`, with their lines, a history
 *   row each and the ledger postings of the received ones (bench/lib/history-orders.ts);
 * - the opening entries and depot issues that keep every running balance at or above zero, and
 *   the running totals in `balances` (bench/lib/history-ledger.ts);
 * - `ledger_months` (the monthly sums, migration 0019) and `order_counts` (`rebuildOrderCounts`)
 *   rebuilt, the sequences moved past the ids written, and `VACUUM ANALYZE`.
 * The invariants are the application's: every balance is the sum of its entries, the order and
 * opening entries of each product and kind sum to zero, only status 5 orders post.
 *
 * Speed: while loading, the session runs with `session_replication_role = replica` (no foreign
 * key checks, no triggers: `order_counts` and `ledger_months` are rebuilt after), the tables' secondary indexes are
 * dropped and made again after the load (the primary keys stay: their keys only grow), and
 * `synchronous_commit` is off. Everything is plain SQL through one `pg` connection.
 */
import { openPostgres, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { rebuildOrderCounts } from '@portal/server/src/modules/orders/order-counts.js';
import pg from 'pg';
import { seedHistoryOpenings } from './history-ledger.js';
import { CHUNK, planChunk, planTables, writeChunk } from './history-orders.js';
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

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET session_replication_role = replica; SET synchronous_commit = off;
      SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SELECT setseed(0.21)`);
    const added = await seedHistoryWorld(client, options.locations);
    step(`${added} locations added`);
    const count = Math.max(0, options.orders - DEMO_ORDERS);
    const max = async (table: string) => Number((await client.query(`SELECT coalesce(max(id), 0) AS n FROM ${table}`)).rows[0]?.n);
    const baseId = await max('orders');
    const ids = { line: await max('order_lines'), history: await max('order_status_history') };
    const indexes = (
      await client.query<{ name: string; definition: string }>(
        `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition FROM pg_index i
         WHERE i.indrelid::regclass::text = ANY($1) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
        [TABLES],
      )
    ).rows;
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await planTables(client);
    const days = Math.round(options.years * 365.25);
    for (let first = 1; first <= count; first += CHUNK) {
      const lastOne = Math.min(count, first + CHUNK - 1);
      await planChunk(client, { first, last: lastOne, count, baseId, days, today: options.today });
      await writeChunk(client, baseId + first, baseId + lastOne, ids);
      step(`orders ${first.toLocaleString('en-US')}-${lastOne.toLocaleString('en-US')} with lines, history and ledger`);
    }
    for (const index of indexes) await client.query(index.definition);
    await client.query(`ANALYZE ${TABLES.join(', ')}`);
    step(`${indexes.length} indexes made again`);
    const [first] = (await client.query<{ day: string }>(`SELECT ($1::date - $2::int - 1)::text AS day`, [options.today, days])).rows;
    await seedHistoryOpenings(client, baseId + 1, first?.day as string);
    step('openings, depot issues and balances');
    // The monthly sums the triggers keep (migration 0019), which the load went past.
    await client.query(`TRUNCATE ledger_months; INSERT INTO ledger_months (location_id, product_id, balance_kind, month, quantity)
      SELECT location_id, product_id, balance_kind, date_trunc('month', booking_date::timestamp)::date, sum(quantity)
      FROM ledger_entries GROUP BY 1, 2, 3, 4`);
    step('ledger_months rebuilt');
    for (const table of TABLES) {
      await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
    }
    await client.query(
      `INSERT INTO app_meta (key, value) VALUES ('historySeeded', $1)
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      [JSON.stringify({ ...options, log: undefined })],
    );
    await client.query('DROP TABLE h_plan');
  } finally {
    await client.end();
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
