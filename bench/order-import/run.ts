/**
 * bench/order-import: the Excel import (POST OrdersImport) as files grow. For each size, `ole`
 * (supplier, Norway) previews and then imports a purchase file of N orders with two lines each
 * (2N rows) through the real HTTP server: one call each, timed from the first byte sent to the
 * answer. Prints seconds, rows/s and orders/s per call, then checks: the import created exactly
 * N orders with 2N lines, the same file sent again with its importKey writes nothing and
 * answers the same ids, and the ledger invariant holds.
 *
 * Usage: npm run order-import -w bench -- [--sizes 250,1000,2500] [--db postgres|pglite|both]
 *        [--orders 20000] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import { parseArgs } from 'node:util';
import { nextOpenDay } from '@portal/domain/calendar';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/db/seed.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.ts';
import ExcelJS from 'exceljs';
import { type Backend, openBenchDatabase } from '../lib/database.js';

// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's answers loosely
type Json = any;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '250,1000,2500' },
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '20000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const seedOrders = Number(values.orders);

interface Row {
  backend: Backend;
  orders: number;
  rows: number;
  previewSeconds: number;
  importSeconds: number;
}
const table: Row[] = [];
const checks: { backend: Backend; name: string; ok: boolean; detail: string }[] = [];

/** An .xlsx with one header row and `orders` orders of two lines (the README's column layout). */
async function workbook(
  orders: number,
  depotNumber: string,
  dateSend: string,
  products: { id: number; qtyHeight: number }[],
  tag: string,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  sheet.addRow(['Other party', 'Send date', 'Product', 'Quantity', 'Own reference', 'Receiver reference', 'Information']);
  for (let i = 0; i < orders; i++) {
    for (const product of products) sheet.addRow([depotNumber, dateSend, product.id, product.qtyHeight * 2, `${tag}-${i}`, '', '']);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function benchOne(backend: Backend): Promise<void> {
  console.log(`\n== ${backend}: seeding ${seedOrders.toLocaleString('en-US')} orders...`);
  const { database, cleanup } = await openBenchDatabase(backend, 'bench_import', values.postgres, 10);
  try {
    await seedDemoData(database.db, { orders: seedOrders });
    const app = await buildApp({ db: database.db, config: { ...readConfig({}), port: 0 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const login = await (
      await fetch(`${base}/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userLoginName: 'ole', password: 'demo1234' }),
      })
    ).json();
    const token = login.data.token as string;
    const location = (await (await fetch(`${base}/location`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    const products = await rows<{ id: number; qtyHeight: number }>(
      database.db,
      sql`SELECT p.id, ct.qty_height AS "qtyHeight" FROM location_products lp JOIN products p ON p.id = lp.product_id
          JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE lp.location_id = ${location.id} AND p.active ORDER BY p.id LIMIT 2`,
    );
    const [depot] = await rows<{ number: string }>(database.db, sql`SELECT number FROM locations WHERE name = 'Nordic Pallet Pool Oslo'`);
    const closures = await rows<{ day: string }>(database.db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`);
    const dateSend = nextOpenDay(
      new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      'NO',
      new Set(closures.map((c) => c.day)),
    );

    const send = async (file: Buffer, fields: Record<string, string>): Promise<{ status: number; json: Json; seconds: number }> => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ transactionTypeId: '1', locationId: String(location.id), ...fields }))
        form.append(key, value);
      form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx');
      const started = performance.now();
      const response = await fetch(`${base}/OrdersImport`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const json = await response.json();
      return { status: response.status, json, seconds: (performance.now() - started) / 1000 };
    };

    for (const orders of sizes) {
      const tag = `BENCH-${backend}-${orders}`;
      const file = await workbook(orders, depot?.number ?? '', dateSend, products, tag);
      const preview = await send(file, { preview: 'true' });
      if (preview.status !== 200 || preview.json.data.invalidRows !== 0)
        throw new Error(`preview ${orders}: ${preview.status} ${JSON.stringify(preview.json).slice(0, 400)}`);
      const importKey = `bench-${process.pid}-${backend}-${orders}`;
      const imported = await send(file, { importKey });
      if (imported.status !== 200) throw new Error(`import ${orders}: ${imported.status} ${JSON.stringify(imported.json).slice(0, 400)}`);
      table.push({ backend, orders, rows: orders * 2, previewSeconds: preview.seconds, importSeconds: imported.seconds });
      console.log(`   ${orders} orders: preview ${preview.seconds.toFixed(2)} s, import ${imported.seconds.toFixed(2)} s`);

      const [made] = await rows<{ orders: number; lines: number }>(
        database.db,
        sql`SELECT count(DISTINCT o.id)::int AS orders, count(*)::int AS lines FROM orders o JOIN order_lines l ON l.order_id = o.id
            WHERE o.reference_own LIKE ${`${tag}-%`}`,
      );
      checks.push({
        backend,
        name: `${orders} orders imported exactly once`,
        ok: made?.orders === orders && made?.lines === orders * 2 && imported.json.data.ids.length === orders,
        detail: `${made?.orders} orders, ${made?.lines} lines, ${imported.json.data.ids.length} ids`,
      });
      const again = await send(file, { importKey });
      const [after] = await rows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM orders WHERE reference_own LIKE ${`${tag}-%`}`,
      );
      checks.push({
        backend,
        name: `${orders} orders: the same importKey again writes nothing`,
        ok: after?.n === orders && JSON.stringify(again.json.data?.ids) === JSON.stringify(imported.json.data.ids),
        detail: `${after?.n} orders after the repeat`,
      });
    }
    const broken = await checkLedgerInvariant(database.db);
    checks.push({ backend, name: 'ledger invariant', ok: broken.length === 0, detail: `${broken.length} differences` });
    await app.close();
  } finally {
    await database.close();
    await cleanup();
  }
}

const backends: Backend[] = values.db === 'both' ? ['pglite', 'postgres'] : [values.db as Backend];
for (const backend of backends) await benchOne(backend);

console.log('\n| database | orders | rows | preview s | preview rows/s | import s | import orders/s |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of table) {
  console.log(
    `| ${r.backend} | ${r.orders} | ${r.rows} | ${r.previewSeconds.toFixed(2)} | ${Math.round(r.rows / r.previewSeconds)} | ${r.importSeconds.toFixed(2)} | ${Math.round(r.orders / r.importSeconds)} |`,
  );
}
console.log('');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.backend}: ${c.name} (${c.detail})`);
if (checks.some((c) => !c.ok)) process.exitCode = 1;
