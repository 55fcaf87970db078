/**
 * bench/history-seed: makes a database of ten years for the benches (issue 21; bench/lib/history-seed.ts),
 * PostgreSQL only. Creates `--database` (dropped first with `--replace`), seeds it and prints each
 * step's seconds and the total. The benches take it with `--database`.
 *
 * Usage: npm run history-seed -w bench -- --database portal_history_1m --orders 1000000
 *        [--locations 5000] [--years 10] [--today yyyy-MM-dd] [--replace] [--check] [--trace]
 *
 * `--trace` also prints every statement of the load that took over half a second.
 *
 * `--check` then runs the application's ledger check (`checkLedgerInvariant`: every balance the sum
 * of its entries, every order and the openings balanced, only received orders posted) and counts
 * the pooling balances that ever go below zero (and, for information, the commission balances that
 * owe carriers at some point, as some of the demo's do on purpose), and exits 1 on a problem or a
 * pooling balance below zero, and compares `order_counts` (the grid's counters) with a recount of
 * the orders (exit 1 on a difference).
 *        [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openPostgres, rows, sql } from '@portal/server/src/db/client.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.js';
import { adminQuery } from '../lib/database.js';
import { seedHistory } from '../lib/history-seed.js';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    orders: { type: 'string', default: '1000000' },
    locations: { type: 'string', default: '5000' },
    years: { type: 'string', default: '10' },
    today: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    replace: { type: 'boolean', default: false },
    check: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const name = values.database ?? '';
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('--database: a name of lower-case letters, digits and underscores');
if (values.replace) await adminQuery(values.postgres, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await adminQuery(values.postgres, `CREATE DATABASE ${name}`);
const url = new URL(values.postgres);
url.pathname = `/${name}`;
const orders = Number(values.orders);
console.log(
  `== ${name}: ${orders.toLocaleString('en-US')} orders, ${values.locations} locations, ${values.years} years up to ${values.today} (load ${os.loadavg()[0]?.toFixed(2)})`,
);
const seconds = await seedHistory(url.toString(), {
  orders,
  locations: Number(values.locations),
  years: Number(values.years),
  today: values.today,
  log: (line) => console.log(`${line} (load ${os.loadavg()[0]?.toFixed(2)})`),
  trace: values.trace,
});
const [size] = await adminQuery<{ size: string }>(values.postgres, 'SELECT pg_size_pretty(pg_database_size($1)) AS size', [name]);
console.log(`seeded in ${seconds.toFixed(0)} s; the database takes ${size?.size}`);

if (values.check) {
  const database = await openPostgres(url.toString(), 2);
  const started = performance.now();
  const problems = await checkLedgerInvariant(database.db);
  // Pooling carriers are the provider's, held: never below zero. A commission balance below zero is
  // carriers owed in money, which the demo's own locations do on purpose (seed/ledger.ts).
  const [below] = await rows<{ n: number; low: number | null; owing: number }>(
    database.db,
    sql`SELECT count(*) FILTER (WHERE balance_kind = 'pooling')::int AS n, min(low) FILTER (WHERE balance_kind = 'pooling')::int AS low,
          count(*) FILTER (WHERE balance_kind = 'commission')::int AS owing FROM (
          SELECT balance_kind, min(running) AS low FROM (
            SELECT location_id, product_id, balance_kind,
              sum(quantity) OVER (PARTITION BY location_id, product_id, balance_kind ORDER BY booking_date, id) AS running
            FROM ledger_entries) r
          GROUP BY location_id, product_id, balance_kind HAVING min(running) < 0) b`,
  );
  // The grid's counters (`order_counts`, rebuilt after the load) against a recount of the orders.
  const [counts] = await rows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM (
          SELECT location_id, side, transaction_type_id, transaction_status_id, sum(n) AS n FROM order_counts GROUP BY 1, 2, 3, 4) c
        FULL JOIN (
          SELECT location_id_from AS location_id, 'F' AS side, transaction_type_id, transaction_status_id, count(*) AS n FROM orders GROUP BY 1, 2, 3, 4
          UNION ALL
          SELECT location_id_to, 'T', transaction_type_id, transaction_status_id, count(*) FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1, 2, 3, 4) r
        USING (location_id, side, transaction_type_id, transaction_status_id)
        WHERE coalesce(c.n, 0) <> coalesce(r.n, 0)`,
  );
  await database.close();
  console.log(
    `check (${((performance.now() - started) / 1000).toFixed(0)} s): ${problems.length} ledger problems${problems.length ? ` (first: ${JSON.stringify(problems[0])})` : ''}; ` +
      `${below?.n} pooling balances below zero at some point${below?.n ? ` (lowest ${below.low})` : ''}; ` +
      `${below?.owing} commission balances owe carriers at some point; ${counts?.n} order counts differ from a recount`,
  );
  if (problems.length || below?.n || counts?.n) process.exitCode = 1;
}
