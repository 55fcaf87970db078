/**
 * bench/order-import: the Excel import (POST OrdersImport) as files grow. For each size, `ole`
 * (supplier, Norway) previews and then imports a purchase file of N orders with L lines each
 * (N x L rows) through the real HTTP server, first as drafts and then sent at once (status 1
 * Ordered: every order also alerts the depot and mails ole's location): one call each, timed
 * from the first byte sent to the answer. While each import runs, another user (kari) wants
 * her location (GET /api/location) every 20 ms: her longest wait, from the moment she wanted
 * it to the answer, is how long other users waited for the import (the server runs in this
 * process, so time its event loop was held counts too). Prints seconds, rows/s and orders/s per call and that wait, then
 * checks: each import created exactly N orders with N x L lines, the same file sent again with
 * its importKey writes nothing and answers the same ids, and the ledger invariant holds.
 *
 * Usage: npm run order-import -w bench -- [--sizes 250,1000,2500] [--lines 2] [--db postgres|pglite|both]
 *        [--orders 20000] [--postgres postgres://postgres@127.0.0.1:5432/postgres]
 */
import { parseArgs } from 'node:util';
import { nextOpenDay } from '@portal/domain/calendar';
import { buildApp } from '@portal/server/src/app.js';
import { readConfig } from '@portal/server/src/config.js';
import { rows, sql } from '@portal/server/src/db/client.js';
import { seedDemoData } from '@portal/server/src/modules/demo-data/seed-demo-data.js';
import { checkLedgerInvariant } from '@portal/server/src/modules/orders/ledger.ts';
import ExcelJS from 'exceljs';
import { type Backend, openBenchDatabase } from '../lib/database.js';

// biome-ignore lint/suspicious/noExplicitAny: the benchmark reads the API's answers loosely
type Json = any;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '250,1000,2500' },
    lines: { type: 'string', default: '2' },
    db: { type: 'string', default: 'both' },
    orders: { type: 'string', default: '20000' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
const sizes = values.sizes.split(',').map(Number);
const seedOrders = Number(values.orders);
const linesPerOrder = Number(values.lines);

interface Row {
  backend: Backend;
  orders: number;
  rows: number;
  previewSeconds: number;
  importSeconds: number;
  /** The slowest answer another user got while the draft import ran, in seconds. */
  othersWaited: number;
  sentSeconds: number;
  sentOthersWaited: number;
}
const table: Row[] = [];
const checks: { backend: Backend; name: string; ok: boolean; detail: string }[] = [];

/** An .xlsx with one header row and `orders` orders of one line per product (the README's column layout). */
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
    const signIn = async (userLoginName: string) =>
      (
        await (
          await fetch(`${base}/Login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userLoginName, password: 'demo1234' }),
          })
        ).json()
      ).data.token as string;
    const token = await signIn('ole');
    const otherToken = await signIn('kari');
    const location = (await (await fetch(`${base}/location`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
    const products = await rows<{ id: number; qtyHeight: number }>(
      database.db,
      sql`SELECT p.id, ct.qty_height AS "qtyHeight" FROM location_products lp JOIN products p ON p.id = lp.product_id
          JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE lp.location_id = ${location.id} AND p.active ORDER BY p.id LIMIT ${linesPerOrder}`,
    );
    if (products.length < linesPerOrder) throw new Error(`ole's location takes ${products.length} products, not ${linesPerOrder}`);
    const [depot] = await rows<{ number: string }>(database.db, sql`SELECT number FROM locations WHERE name = 'Nordic Pallet Pool Oslo'`);
    const closures = await rows<{ day: string }>(database.db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`);
    const dateSend = nextOpenDay(
      new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10),
      'NO',
      new Set(closures.map((c) => c.day)),
    );

    /**
     * Sends a file; unless it is a preview, kari asks for her location in a loop meanwhile, and
     * `othersWaited` is her slowest answer (seconds).
     */
    const send = async (
      file: Buffer,
      fields: Record<string, string>,
    ): Promise<{ status: number; json: Json; seconds: number; othersWaited: number }> => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ transactionTypeId: '1', locationId: String(location.id), ...fields }))
        form.append(key, value);
      form.append('file', new Blob([new Uint8Array(file)]), 'orders.xlsx');
      let done = false;
      let othersWaited = 0;
      const other = (async () => {
        // kari wants her answer every 20 ms: her wait counts from then, so time the server's event
        // loop was held (the timer fired late) counts too, as it would for a request arriving then.
        let wanted = performance.now();
        while (!done && fields.preview !== 'true') {
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, wanted - performance.now())));
          try {
            const answer = await fetch(`${base}/location`, { headers: { authorization: `Bearer ${otherToken}` } });
            await answer.arrayBuffer();
          } catch (error) {
            // A wait past the server's timeouts ends in a reset connection: it counts as waited so long.
            console.warn(
              `   kari's request failed after ${((performance.now() - wanted) / 1000).toFixed(1)} s: ${(error as Error).message}`,
            );
          }
          othersWaited = Math.max(othersWaited, (performance.now() - wanted) / 1000);
          wanted = Math.max(wanted + 20, performance.now());
        }
      })();
      const started = performance.now();
      const response = await fetch(`${base}/OrdersImport`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const json = await response.json();
      const seconds = (performance.now() - started) / 1000;
      done = true;
      await other;
      return { status: response.status, json, seconds, othersWaited };
    };

    /** Imports `file` (tagged `tag`) with a key, checks it wrote N orders once and that the key again writes nothing. */
    const importOnce = async (file: Buffer, tag: string, orders: number, draft: boolean) => {
      const importKey = `bench-${process.pid}-${tag}`;
      const imported = await send(file, { importKey, draft: String(draft) });
      if (imported.status !== 200) throw new Error(`import ${tag}: ${imported.status} ${JSON.stringify(imported.json).slice(0, 400)}`);
      const [made] = await rows<{ orders: number; lines: number; status: number }>(
        database.db,
        sql`SELECT count(DISTINCT o.id)::int AS orders, count(*)::int AS lines, max(o.transaction_status_id)::int AS status
            FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE o.reference_own LIKE ${`${tag}-%`}`,
      );
      checks.push({
        backend,
        name: `${tag}: ${orders} orders imported exactly once`,
        ok:
          made?.orders === orders &&
          made?.lines === orders * linesPerOrder &&
          made?.status === (draft ? 0 : 1) &&
          imported.json.data.ids.length === orders,
        detail: `${made?.orders} orders, ${made?.lines} lines, ${imported.json.data.ids.length} ids`,
      });
      const again = await send(file, { importKey, draft: String(draft) });
      const [after] = await rows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM orders WHERE reference_own LIKE ${`${tag}-%`}`,
      );
      checks.push({
        backend,
        name: `${tag}: the same importKey again writes nothing`,
        ok: after?.n === orders && JSON.stringify(again.json.data?.ids) === JSON.stringify(imported.json.data.ids),
        detail: `${after?.n} orders after the repeat`,
      });
      return imported;
    };

    for (const orders of sizes) {
      const tag = `BENCH-${backend}-${orders}x${linesPerOrder}`;
      const file = await workbook(orders, depot?.number ?? '', dateSend, products, tag);
      const preview = await send(file, { preview: 'true' });
      if (preview.status !== 200 || preview.json.data.invalidRows !== 0)
        throw new Error(`preview ${orders}: ${preview.status} ${JSON.stringify(preview.json).slice(0, 400)}`);
      const drafts = await importOnce(file, tag, orders, true);
      const sentFile = await workbook(orders, depot?.number ?? '', dateSend, products, `${tag}-SENT`);
      const sent = await importOnce(sentFile, `${tag}-SENT`, orders, false);
      const [mails] = await rows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM email_archive m JOIN orders o ON o.id = m.order_id WHERE o.reference_own LIKE ${`${tag}-SENT-%`}`,
      );
      checks.push({ backend, name: `${tag}-SENT: one mail per order`, ok: mails?.n === orders, detail: `${mails?.n} mails` });
      table.push({
        backend,
        orders,
        rows: orders * linesPerOrder,
        previewSeconds: preview.seconds,
        importSeconds: drafts.seconds,
        othersWaited: drafts.othersWaited,
        sentSeconds: sent.seconds,
        sentOthersWaited: sent.othersWaited,
      });
      console.log(
        `   ${orders} orders x ${linesPerOrder} lines: preview ${preview.seconds.toFixed(2)} s, import drafts ${drafts.seconds.toFixed(2)} s ` +
          `(others waited up to ${drafts.othersWaited.toFixed(2)} s), import sent ${sent.seconds.toFixed(2)} s (others up to ${sent.othersWaited.toFixed(2)} s)`,
      );
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

console.log(
  '\n| database | orders | rows | preview s | preview rows/s | import drafts s | rows/s | others waited s | import sent s | rows/s | others waited s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of table) {
  console.log(
    `| ${r.backend} | ${r.orders} | ${r.rows} | ${r.previewSeconds.toFixed(2)} | ${Math.round(r.rows / r.previewSeconds)} | ` +
      `${r.importSeconds.toFixed(2)} | ${Math.round(r.rows / r.importSeconds)} | ${r.othersWaited.toFixed(2)} | ` +
      `${r.sentSeconds.toFixed(2)} | ${Math.round(r.rows / r.sentSeconds)} | ${r.sentOthersWaited.toFixed(2)} |`,
  );
}
console.log('');
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.backend}: ${c.name} (${c.detail})`);
if (checks.some((c) => !c.ok)) process.exitCode = 1;
