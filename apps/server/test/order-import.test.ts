/**
 * Importing orders from Excel (issue 3): a preview names every problem of every row in the
 * caller's language and writes nothing; header rows and the start row decide where data
 * begins; rows group into orders by other party, date and own reference; an import creates
 * exactly the valid rows' orders in one transaction, or nothing at all; only .xlsx files, and
 * only callers with the list's task and the location in scope.
 */
import type { Country } from '@portal/domain';
import { isOpenDay, nextOpenDay } from '@portal/domain/calendar';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { translator } from '../src/i18n.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

type Cell = string | number | Date | null;

/** An .xlsx with `before` rows (headers, titles) and then the data rows, on the first sheet. */
async function xlsx(
  data: Cell[][],
  before: Cell[][] = [['Other party', 'Date', 'Product', 'Quantity', 'Own ref', 'Receiver ref', 'Info']],
) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  for (const row of [...before, ...data]) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const en = translator('en-US');

describe.each(backends)('order import from Excel (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<'kari' | 'ole', string> = { kari: '', ole: '' };
  /** ole's location (the customer side of his purchases), the Oslo depot, kari's location. */
  let ole: { id: number; name: string; countryId: Country };
  let kari: { id: number; customerId: number };
  let depot: { id: number; number: string; gln: string | null };
  /** Products ole may receive (two of them) and one he may not, with codes and stack heights. */
  let allowed: { id: number; code: string; name: string; qtyHeight: number }[];
  let notAllowed: { id: number; name: string; qtyHeight: number };
  let sendDate: string;
  let closedDate: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    const db = ctx.database.db;
    // English messages for the assertions; ole may place purchases but not sales.
    await db.execute(sql`UPDATE users SET language = 'en-US' WHERE login_name IN ('kari', 'ole')`);
    await db.execute(sql`DELETE FROM user_tasks WHERE task = 'DISPATCH' AND user_id = (SELECT id FROM users WHERE login_name = 'ole')`);
    for (const name of ['kari', 'ole'] as const) tokens[name] = await ctx.login(name);
    ole = (await ctx.call('GET', '/api/location', { token: tokens.ole })).body.data;
    kari = (await ctx.call('GET', '/api/location', { token: tokens.kari })).body.data;
    [depot] = (await rows<typeof depot>(db, sql`SELECT id, number, gln FROM locations WHERE name = 'Nordic Pallet Pool Oslo'`)) as [
      typeof depot,
    ];
    const products = await rows<{ id: number; code: string; name: string; qtyHeight: number; allowed: boolean }>(
      db,
      sql`SELECT p.id, ct.code || '-' || q.code || CASE WHEN t.is_default THEN '' ELSE '-' || t.code END AS code, p.name,
            ct.qty_height AS "qtyHeight",
            EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${ole.id} AND lp.product_id = p.id) AS allowed
          FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id JOIN qualities q ON q.id = p.quality_id
          JOIN treatments t ON t.id = p.treatment_id WHERE p.active AND ct.qty_height > 1 ORDER BY p.id`,
    );
    // Names as the portal shows them in English (messages name products so).
    const shown = new Map<number, string>(
      (await ctx.call('GET', '/api/products', { token: tokens.ole })).body.data.map((p: { id: number; name: string }) => [p.id, p.name]),
    );
    for (const p of products) p.name = shown.get(p.id) ?? p.name;
    allowed = products.filter((p) => p.allowed).slice(0, 2);
    notAllowed = products.find((p) => !p.allowed) as typeof notAllowed;
    expect(allowed).toHaveLength(2);
    const closures = new Set(
      (await rows<{ day: string }>(db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`)).map((c) => c.day),
    );
    sendDate = nextOpenDay(plusDays(new Date().toISOString().slice(0, 10), 2), 'NO', closures);
    closedDate = plusDays(sendDate, 1);
    while (isOpenDay(closedDate, 'NO', closures)) closedDate = plusDays(closedDate, 1);
  });
  afterAll(() => ctx.close());

  const upload = async (
    token: string,
    fields: Record<string, string | number | boolean>,
    file: { name: string; data: Buffer } | null,
    headers: Record<string, string> = {},
  ) => {
    const body = multipart(fields, file);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/OrdersImport',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, ...headers },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const purchase = (data: Buffer, fields: Record<string, string | number | boolean> = {}) =>
    upload(tokens.ole, { transactionTypeId: 1, locationId: ole.id, ...fields }, { name: 'orders.xlsx', data });
  const orderCount = async () => (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n ?? 0;

  it('the template has the translated header row and an example row that imports without problems', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/OrdersImportTemplate?transactionTypeId=1',
      headers: { authorization: `Bearer ${tokens.ole}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain('orders-import-purchase.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Other party (location number or GLN)',
      'Send date',
      'Product',
      'Quantity',
      'Own reference',
      "Receiver's reference",
      'Information / transport',
    ]);
    expect(sheet.getCell('A2').value).toBe(depot.number);
    expect(workbook.worksheets[1]?.rowCount).toBeGreaterThan(1);

    const before = await orderCount();
    const preview = await purchase(response.rawPayload, { preview: true });
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ validRows: 1, invalidRows: 0, orders: 1, ids: [] });
    expect(preview.body.data.rows[0]).toMatchObject({ rowNumber: 2, counterpartName: 'Nordic Pallet Pool Oslo', problems: [] });
    expect(await orderCount()).toBe(before);
  });

  it('a preview names every problem of every row, groups the valid rows into orders and writes nothing', async () => {
    const [a, b] = allowed as [(typeof allowed)[0], (typeof allowed)[0]];
    const file = await xlsx([
      [depot.number, sendDate, a.code, a.qtyHeight, 'PO-1', 'R-1', 'Ramp 3'], // 2: order 1
      [depot.gln ?? depot.number, sendDate, String(b.id), b.qtyHeight * 2, 'PO-1', 'R-1', 'Ramp 3'], // 3: order 1 (GLN or number)
      ['NOPE-1', sendDate, a.code, a.qtyHeight, 'PO-2', '', ''], // 4: unknown location
      [depot.number, sendDate, notAllowed.name, notAllowed.qtyHeight, 'PO-3', '', ''], // 5: not allowed at ole's location
      [depot.number, sendDate, a.code, a.qtyHeight + 1, 'PO-4', '', ''], // 6: off the stack step
      [depot.number, closedDate, a.code, a.qtyHeight, 'PO-5', '', ''], // 7: closed day
      [depot.number, sendDate, a.code, null, 'PO-6', '', ''], // 8: quantity missing
      [depot.number, '2026-02-30', a.code, a.qtyHeight, 'PO-7', '', ''], // 9: no such date
      [depot.number, sendDate, 'NO-SUCH-PALLET', 'many', 'PO-8', '', ''], // 10: two problems
      [], // an empty row is no data
      [depot.number, new Date(`${sendDate}T00:00:00Z`), a.name, a.qtyHeight, 'PO-9', '', ''], // 12: Excel date, product by name
      [depot.number, sendDate, a.code, a.qtyHeight, 'PO-1', 'R-1', 'Ramp 3'], // 13: order 1 again: a product twice
      [depot.number, sendDate, notAllowed.name, notAllowed.qtyHeight, 'PO-1', 'R-2', 'Ramp 3'], // 14: not allowed, receiver ref differs
    ]);
    const before = await orderCount();
    const { status, body } = await purchase(file, { preview: true });
    expect(status, JSON.stringify(body)).toBe(200);
    const byRow = new Map<number, { problems: string[]; orderGroup: number | null }>(
      body.data.rows.map((r: { rowNumber: number }) => [r.rowNumber, r]),
    );
    expect([...byRow.keys()]).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14]);
    expect(byRow.get(2)?.problems).toEqual([]);
    expect(byRow.get(3)?.problems).toEqual([]);
    expect(byRow.get(4)?.problems).toEqual(['No location has the number or GLN “NOPE-1”']);
    expect(byRow.get(5)?.problems).toEqual([`${notAllowed.name} is not allowed at ${ole.name}`]);
    expect(byRow.get(6)?.problems).toEqual([en('errors.QUANTITY_STEP', { product: a.name, step: a.qtyHeight })]);
    expect(byRow.get(7)?.problems).toEqual([
      `${new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(`${closedDate}T00:00:00Z`))} is not an open day.`,
    ]);
    expect(byRow.get(8)?.problems).toEqual(['The quantity is missing']);
    expect(byRow.get(9)?.problems).toEqual(['“2026-02-30” is not a date: use an Excel date or yyyy-mm-dd']);
    expect(byRow.get(10)?.problems).toEqual([
      'No product has the id, code or name “NO-SUCH-PALLET”',
      'The quantity “many” is not a whole number above 0',
    ]);
    expect(byRow.get(12)?.problems).toEqual([]);
    expect(byRow.get(13)?.problems).toEqual([`${a.name} is already on row 2 of the same order`]);
    expect(byRow.get(14)?.problems).toEqual([
      `${notAllowed.name} is not allowed at ${ole.name}`,
      "The receiver's reference differs from row 2 of the same order",
    ]);
    // Rows 2, 3, 13 and 14 share party, date and own reference: one order (the GLN names the same depot).
    expect(byRow.get(3)?.orderGroup).toBe(byRow.get(2)?.orderGroup);
    expect(byRow.get(13)?.orderGroup).toBe(byRow.get(2)?.orderGroup);
    expect(byRow.get(12)?.orderGroup).not.toBe(byRow.get(2)?.orderGroup);
    expect(body.data).toMatchObject({ validRows: 3, invalidRows: 9, orders: 2, ids: [] });
    expect(await orderCount()).toBe(before);

    // The same rows, imported: two orders (rows 2+3 and row 12), nothing else.
    const imported = await purchase(file);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.data).toMatchObject({ validRows: 3, invalidRows: 9, orders: 2 });
    const ids = imported.body.data.ids as number[];
    expect(ids).toHaveLength(2);
    expect(await orderCount()).toBe(before + 2);
    const first = (await ctx.call('GET', `/api/Orders/${ids[0]}`, { token: tokens.ole })).body.data;
    expect(first).toMatchObject({
      transactionTypeId: 1,
      transactionStatusId: 0,
      locationIdFrom: depot.id,
      locationIdTo: ole.id,
      referenceOwn: 'PO-1',
      referenceReceiver: 'R-1',
      infoText: 'Ramp 3',
    });
    expect(first.dateSend.slice(0, 10)).toBe(sendDate);
    expect(first.transactions.map((l: { productId: number; quantityOrdered: number }) => [l.productId, l.quantityOrdered]).sort()).toEqual(
      [
        [a.id, a.qtyHeight],
        [b.id, b.qtyHeight * 2],
      ].sort(),
    );
    const second = (await ctx.call('GET', `/api/Orders/${ids[1]}`, { token: tokens.ole })).body.data;
    expect(second).toMatchObject({ referenceOwn: 'PO-9', transactionStatusId: 0 });
    expect(second.transactions).toHaveLength(1);
    const history = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM order_status_history WHERE order_id IN (${ids[0]}, ${ids[1]}) AND to_status_id = 0`,
    );
    expect(history[0]?.n).toBe(2);
    // The grid lists them.
    const grid = await ctx.call('GET', `/api/Orders?locationId=${ole.id}&term=PO-&count=100`, { token: tokens.ole });
    expect(grid.body.data.items.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining(ids));
  });

  it('header rows and the start row decide where the data begins', async () => {
    const [a] = allowed as [(typeof allowed)[0]];
    const file = await xlsx(
      [
        [depot.number, sendDate, a.code, a.qtyHeight, 'H-1', '', ''],
        [depot.number, sendDate, a.code, a.qtyHeight, 'H-2', '', ''],
      ],
      [['Purchase orders, week 12'], ['Other party', 'Date', 'Product', 'Quantity', 'Own ref', 'Receiver ref', 'Info'], ['(A)', '(B)']],
    );
    const three = await purchase(file, { preview: true, headerRows: 3, startRow: 4 });
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect(three.body.data.rows.map((r: { rowNumber: number; referenceOwn: string }) => [r.rowNumber, r.referenceOwn])).toEqual([
      [4, 'H-1'],
      [5, 'H-2'],
    ]);
    expect(three.body.data).toMatchObject({ validRows: 2, orders: 2 });
    const later = await purchase(file, { preview: true, headerRows: 3, startRow: 5 });
    expect(later.body.data.rows.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([5]);
    // The header rows are never data: with one header row, rows 1-3 would be read from row 2 on.
    const wrong = await purchase(file, { preview: true, headerRows: 1, startRow: 2 });
    expect(wrong.body.data.validRows).toBe(2);
    expect(wrong.body.data.invalidRows).toBe(2);

    const before = await purchase(file, { preview: true, headerRows: 3, startRow: 3 });
    expect(before.status).toBe(400);
    expect(before.body.error).toMatchObject({ type: 'VALIDATION', fields: { startRow: 'The start row must come after the header rows' } });
    const negative = await purchase(file, { preview: true, headerRows: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error.fields).toHaveProperty('headerRows');
  });

  it('sent at once (draft=false), a purchase is Ordered and alerts the depot', async () => {
    const [a] = allowed as [(typeof allowed)[0]];
    const file = await xlsx([[depot.number, sendDate, a.code, a.qtyHeight, 'SENT-1', '', '']]);
    const { status, body } = await purchase(file, { draft: false });
    expect(status, JSON.stringify(body)).toBe(200);
    const [id] = body.data.ids as [number];
    const order = (await ctx.call('GET', `/api/Orders/${id}`, { token: tokens.ole })).body.data;
    expect(order.transactionStatusId).toBe(1);
    const alerts = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM alerts WHERE source = 'Order' AND source_id = ${id} AND location_id = ${depot.id}`,
    );
    expect(alerts[0]?.n).toBe(1);
  });

  it('a delivery names its receivers by location number or by one of the customer’s external locations', async () => {
    const db = ctx.database.db;
    const [receiver] = await rows<{ id: number; number: string; name: string }>(
      db,
      sql`SELECT l.id, l.number, l.name FROM locations l JOIN customers c ON c.id = l.customer_id
          WHERE l.status_id = 1 AND c.status_id = 1 AND l.type_id <> 'NLP' AND l.id <> ${kari.id}
            AND EXISTS (SELECT 1 FROM location_products lp JOIN products p ON p.id = lp.product_id WHERE lp.location_id = l.id AND p.name = 'EUR pallet, quality A')
          ORDER BY l.id LIMIT 1`,
    );
    const saved = await ctx.call('POST', '/api/ExternalLocations', {
      token: tokens.kari,
      body: { name: 'Import Test Receiver', locationNumber: 'IMP-EXT-1', countryId: 'NO' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const external = saved.body.data as { id: number; locationNumber: string };
    const [foreign] = await rows<{ locationNumber: string }>(
      db,
      sql`SELECT location_number AS "locationNumber" FROM external_locations WHERE customer_id <> ${kari.customerId} LIMIT 1`,
    );
    expect(receiver && external && foreign).toBeTruthy();
    const file = await xlsx([
      [receiver?.number ?? '', sendDate, 'EUR-A', 15, 'D-1', '', ''],
      [external?.locationNumber ?? '', sendDate, 'EUR-A', 30, 'D-2', '', ''],
      [foreign?.locationNumber ?? '', sendDate, 'EUR-A', 15, 'D-3', '', ''], // another customer's: unknown
      [depot.number, sendDate, 'EUR-A', 15, 'D-4', '', ''], // a depot is no receiver of a delivery
      ['', sendDate, 'EUR-A', 15, 'D-5', '', ''],
    ]);
    const { status, body } = await upload(tokens.kari, { transactionTypeId: 3 }, { name: 'd.xlsx', data: file });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.rows.map((r: { problems: string[] }) => r.problems)).toEqual([
      [],
      [],
      [`No location has the number or GLN “${foreign?.locationNumber}”`],
      ['Nordic Pallet Pool Oslo cannot be the other party of this order'],
      ['The other party is missing'],
    ]);
    const [toLocation, toExternal] = body.data.ids as [number, number];
    const orders = await rows<{ id: number; to: number | null; ext: number | null; status: number }>(
      db,
      sql`SELECT id, location_id_to AS "to", external_location_id_to AS ext, transaction_status_id AS status FROM orders
          WHERE id IN (${toLocation}, ${toExternal}) ORDER BY id`,
    );
    expect(orders.map((o) => [Number(o.id), o.to === null ? null : Number(o.to), o.ext === null ? null : Number(o.ext), o.status])).toEqual(
      [
        [toLocation, receiver?.id, null, 0],
        [toExternal, null, external?.id, 0],
      ],
    );
  });

  it('an import sent again with its key writes nothing more and answers the same orders', async () => {
    const [a] = allowed as [(typeof allowed)[0]];
    const file = await xlsx([
      [depot.number, sendDate, a.code, a.qtyHeight, 'KEY-1', '', ''],
      [depot.number, sendDate, a.code, a.qtyHeight * 2, 'KEY-2', '', ''],
    ]);
    const importKey = `import-${kind}-${Date.now()}`;
    const first = await purchase(file, { importKey });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.ids).toHaveLength(2);
    const before = await orderCount();
    const again = await purchase(file, { importKey });
    expect(again.status).toBe(200);
    expect(again.body.data.ids).toEqual(first.body.data.ids);
    expect(await orderCount()).toBe(before);
    // Another key is another import.
    const other = await purchase(file, { importKey: `${importKey}-b` });
    expect(other.body.data.ids).toHaveLength(2);
    expect(await orderCount()).toBe(before + 2);
  });

  it('when one order of an import fails, none is written', async () => {
    const db = ctx.database.db;
    const [a] = allowed as [(typeof allowed)[0]];
    // A database failure on the second order (after the first was inserted in the same transaction).
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_import_test() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.reference_own = 'FAIL' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$`),
    );
    await db.execute(
      sql.raw(`CREATE TRIGGER refuse_import_test BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_import_test()`),
    );
    try {
      const file = await xlsx([
        [depot.number, sendDate, a.code, a.qtyHeight, 'OK-1', '', ''],
        [depot.number, sendDate, a.code, a.qtyHeight, 'FAIL', '', ''],
      ]);
      const before = await orderCount();
      const lines = (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_lines`))[0]?.n;
      const { status, body } = await purchase(file);
      expect(status).toBe(500);
      expect(body.error.type).toBe('UNEXPECTED');
      expect(await orderCount()).toBe(before);
      expect((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_lines`))[0]?.n).toBe(lines);
      expect(await rows(db, sql`SELECT id FROM orders WHERE reference_own = 'OK-1'`)).toEqual([]);
    } finally {
      await db.execute(sql.raw('DROP TRIGGER refuse_import_test ON orders'));
      await db.execute(sql.raw('DROP FUNCTION refuse_import_test()'));
    }
  });

  it('an import without a valid row is refused and writes nothing', async () => {
    const before = await orderCount();
    const { status, body } = await purchase(await xlsx([['NOPE-1', sendDate, 'EUR-A', 15, 'X', '', '']]));
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'IMPORT_NO_VALID_ROWS', message: en('errors.IMPORT_NO_VALID_ROWS') });
    expect(await orderCount()).toBe(before);
  });

  it('a file that is not an .xlsx is refused with a translated 400, whatever its name', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const asXlsx = await purchase(pdf);
    expect(asXlsx.status).toBe(400);
    expect(asXlsx.body.error).toMatchObject({ type: 'IMPORT_FILE_TYPE', message: 'Only Excel workbooks (.xlsx) can be imported.' });
    // A ZIP archive that is no workbook, and an old binary .xls.
    const zip = Buffer.from('504b0506000000000000000000000000000000000000', 'hex');
    expect((await purchase(zip)).body.error.type).toBe('IMPORT_FILE_TYPE');
    const xls = Buffer.from('d0cf11e0a1b11ae1000000000000000000000000', 'hex');
    expect((await purchase(xls)).body.error.type).toBe('IMPORT_FILE_TYPE');
    // In the caller's language (mikko: Finnish).
    const mikko = await ctx.login('mikko');
    const finnish = await upload(mikko, { transactionTypeId: 1 }, { name: 'x.xlsx', data: pdf });
    expect(finnish.body.error.message).toBe('Vain Excel-työkirjoja (.xlsx) voi tuoda.');
    // No file at all.
    const none = await upload(tokens.ole, { transactionTypeId: 1 }, null);
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toEqual({ file: 'Required' });
  });

  it('more rows than the limit are refused', async () => {
    const [a] = allowed as [(typeof allowed)[0]];
    const data: Cell[][] = Array.from({ length: 5001 }, (_, i) => [depot.number, sendDate, a.code, a.qtyHeight, `BIG-${i}`, '', '']);
    const { status, body } = await purchase(await xlsx(data), { preview: true });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      type: 'IMPORT_TOO_MANY_ROWS',
      message: 'The file has 5001 rows; at most 5000 can be imported at once.',
    });
  });

  it('a user without the list’s task may not import into it, nor outside the locations in scope', async () => {
    const [a] = allowed as [(typeof allowed)[0]];
    const file = await xlsx([[depot.number, sendDate, a.code, a.qtyHeight, 'S-1', '', '']]);
    // ole lacks DISPATCH: no sales, neither preview nor template.
    const sale = await upload(tokens.ole, { transactionTypeId: 2, preview: true }, { name: 's.xlsx', data: file });
    expect(sale.status).toBe(403);
    expect(sale.body.error.type).toBe('FORBIDDEN');
    const template = await ctx.call('GET', '/api/OrdersImportTemplate?transactionTypeId=2', { token: tokens.ole });
    expect(template.status).toBe(403);
    // kari's scope is her customer's locations: ole's location answers 404, as POST Orders does.
    const before = await orderCount();
    const outside = await upload(tokens.kari, { transactionTypeId: 1, locationId: ole.id }, { name: 'p.xlsx', data: file });
    expect(outside.status).toBe(404);
    expect(await orderCount()).toBe(before);
    // kari has every task: her sale preview is fine.
    const kariSale = await upload(tokens.kari, { transactionTypeId: 2, preview: true }, { name: 's.xlsx', data: file });
    expect(kariSale.status, JSON.stringify(kariSale.body)).toBe(200);
  });
});
