// Throwaway: seeds portal_environment with N orders and times the environment widget's SQL.
import { sql } from 'drizzle-orm';
import { openPostgres, rows } from './src/db/client.js';
import { seedDemoData } from './src/db/seed.js';
import { getEnvironmentWidget } from './src/modules/home/get-environment-widget.js';

const url = 'postgres://postgres@127.0.0.1:5432/portal_environment';
const n = Number(process.argv[2] ?? 200000);
const database = await openPostgres(url, 4);
const db = database.db;
const [{ c }] = await rows<{ c: number }>(db, sql`SELECT count(*)::int AS c FROM orders`).catch(() => [{ c: 0 }]);
if (Number(c) === 0 || process.argv[3] === 'reseed') {
  const t = Date.now();
  await seedDemoData(db, { orders: n });
  await db.execute(sql`VACUUM ANALYZE`);
  console.log('seeded', n, (Date.now() - t) / 1000, 's');
}
const [top] = await rows<{ id: number; n: number }>(db, sql`SELECT location_id_to AS id, count(*)::int AS n FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
console.log('location', top);
const today = new Date().toISOString().slice(0, 10);
const [typical] = await rows<{ id: number; n: number }>(db, sql`SELECT location_id_to AS id, count(*)::int AS n FROM orders WHERE location_id_to IS NOT NULL GROUP BY 1 ORDER BY 2 DESC OFFSET 100 LIMIT 1`);
async function p50(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < 21; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  return times[10].toFixed(1);
}
for (const loc of [top, typical]) {
  const id = Number(loc?.id);
  const widget = await p50(() => getEnvironmentWidget(db, { locationId: id } as never, 12, today));
  const volume = await p50(() => rows(db, sql`SELECT count(*)::int AS orders, COALESCE(sum(quantity_total), 0)::bigint AS pallets
            FROM (
              SELECT id, quantity_total, weight_grams, transaction_status_id FROM orders
                WHERE location_id_from = ${id} AND date_send >= '2025-12-01' AND date_send < '2026-12-01'
              UNION
              SELECT id, quantity_total, weight_grams, transaction_status_id FROM orders
                WHERE location_id_to = ${id} AND date_send >= '2025-12-01' AND date_send < '2026-12-01'
            ) o WHERE transaction_status_id NOT IN (0, 7, 8)`));
  console.log('location', loc, 'environment widget p50 ms', widget, 'volume SQL over the same 12 months p50 ms', volume);
}
await database.close();
