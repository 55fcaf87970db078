/**
 * What the Excel import writes (issue 7): every order it creates is the order POST Orders
 * creates from the same input (columns, lines, history, alert, mail, the grid's counts), all of
 * them written with one statement per table (the import no longer holds the database for a
 * statement per order); `importKey` finds exactly its own import; a quantity no order can hold
 * (1e308, 2^31, a negative, a fraction) is a row problem naming the quantity, never a 500.
 */
import { nextOpenDay } from '@portal/domain/calendar';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

type Cell = string | number | Date | null;

/** An .xlsx with one header row and then the data rows, on the first sheet. */
async function xlsx(data: Cell[][]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(['Other party', 'Date', 'Product', 'Quantity', 'Own ref', 'Receiver ref', 'Info']);
  for (const row of data) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The tables an order write touches, counted per INSERT statement by a test trigger. */
const writtenTables = ['orders', 'order_lines', 'order_status_history', 'alerts', 'email_archive', 'order_counts'] as const;

describe.each(backends)('what the Excel import writes (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  /** kari: every task; her location is the customer side of every order here. */
  let kari: { id: number; customerId: number; name: string };
  let depot: { id: number; number: string };
  /** A depot kari may sell to (a sorting depot when there is one: its lines carry the return choice). */
  let saleDepot: { id: number; number: string; sorting: boolean };
  /** A customer location kari may deliver to, and one of her external locations. */
  let receiver: { id: number; number: string };
  let external: { id: number; locationNumber: string };
  /** A product every party above may receive, with its full-stack height. */
  let product: { id: number; code: string; qtyHeight: number };
  let sendDate: string;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    const db = ctx.database.db;
    await db.execute(sql`UPDATE users SET language = 'en-US' WHERE login_name = 'kari'`);
    token = await ctx.login('kari');
    kari = (await ctx.call('GET', '/api/location', { token })).body.data;
    // Every order kari places mails her: purchases, returns and confirmations.
    await db.execute(sql`UPDATE locations SET email_purchase = 'kari-purchase@example.com', email_return = 'kari-return@example.com',
      email_order_confirmation = 'kari-confirm@example.com' WHERE id = ${kari.id}`);
    const allowedAtAll = (location: string) =>
      sql`EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = ${sql.raw(location)}.id AND lp.product_id = p.id)`;
    const [choice] = await rows<{
      productId: number;
      code: string;
      qtyHeight: number;
      depotId: number;
      depotNumber: string;
      sorting: boolean;
    }>(
      db,
      sql`SELECT p.id AS "productId", ct.code || '-' || q.code || CASE WHEN t.is_default THEN '' ELSE '-' || t.code END AS code,
            ct.qty_height AS "qtyHeight", d.id AS "depotId", d.number AS "depotNumber", d.is_sorting_depot AS sorting
          FROM products p JOIN carrier_types ct ON ct.id = p.carrier_type_id JOIN qualities q ON q.id = p.quality_id
          JOIN treatments t ON t.id = p.treatment_id
          JOIN locations d ON d.type_id = 'NLP' AND d.status_id = 1
          JOIN locations k ON k.id = ${kari.id}
          WHERE p.active AND ${allowedAtAll('k')} AND ${allowedAtAll('d')}
          ORDER BY d.is_sorting_depot DESC, p.id LIMIT 1`,
    );
    if (!choice) throw new Error('no product both kari and a depot may receive');
    product = { id: Number(choice.productId), code: choice.code, qtyHeight: choice.qtyHeight };
    saleDepot = { id: Number(choice.depotId), number: choice.depotNumber, sorting: choice.sorting };
    [depot] = (await rows<typeof depot>(db, sql`SELECT id, number FROM locations WHERE name = 'Nordic Pallet Pool Oslo'`)) as [
      typeof depot,
    ];
    [receiver] = (await rows<typeof receiver>(
      db,
      sql`SELECT l.id, l.number FROM locations l JOIN customers c ON c.id = l.customer_id
          WHERE l.status_id = 1 AND c.status_id = 1 AND l.type_id <> 'NLP' AND l.id <> ${kari.id}
            AND EXISTS (SELECT 1 FROM location_products lp WHERE lp.location_id = l.id AND lp.product_id = ${product.id})
          ORDER BY l.id LIMIT 1`,
    )) as [typeof receiver];
    const saved = await ctx.call('POST', '/api/ExternalLocations', {
      token,
      body: { name: 'Import Compare Receiver', locationNumber: 'IMP-CMP-1', countryId: 'NO' },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    external = saved.body.data;
    const closures = new Set(
      (await rows<{ day: string }>(db, sql`SELECT day::text AS day FROM provider_closures WHERE country_id = 'NO'`)).map((c) => c.day),
    );
    sendDate = nextOpenDay(plusDays(new Date().toISOString().slice(0, 10), 3), 'NO', closures);
  });
  afterAll(() => ctx?.close());

  const upload = async (fields: Record<string, string | number | boolean>, data: Buffer) => {
    const body = multipart(fields, { name: 'orders.xlsx', data });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/OrdersImport',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json() };
  };
  const orderCount = async () => (await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM orders`))[0]?.n ?? 0;

  /** Everything written for one order, with its id (and its number in texts) taken out. */
  const written = async (id: number) => {
    const db = ctx.database.db;
    // The order number in texts, plain or grouped as any locale writes it.
    const number = new RegExp(String(id).split('').join('[\\s.,\u00a0\u202f]?'), 'g');
    const anonymous = (text: string | null | undefined) => text?.replace(number, '<id>') ?? null;
    const [order] = await rows<{ row: Record<string, unknown> }>(
      db,
      sql`SELECT to_jsonb(o) - ARRAY['id', 'created_at', 'updated_at', 'idempotency_key'] AS row FROM orders o WHERE id = ${id}`,
    );
    const lines = await rows(
      db,
      sql`SELECT product_id, quantity_ordered, quantity_picked, quantity_delivered, shall_return FROM order_lines
          WHERE order_id = ${id} ORDER BY id`,
    );
    const history = await rows(
      db,
      sql`SELECT from_status_id, to_status_id, user_id, comment FROM order_status_history WHERE order_id = ${id} ORDER BY id`,
    );
    const alerts = (
      await rows<Record<string, string | null>>(
        db,
        sql`SELECT user_id, location_id, source, title, text, must_read FROM alerts WHERE source = 'Order' AND source_id = ${id} ORDER BY id`,
      )
    ).map((a) => ({ ...a, text: anonymous(a.text) }));
    const mails = (
      await rows<Record<string, string | null>>(
        db,
        sql`SELECT topic, to_address, to_customer_id, to_user_id, from_location_id, subject, body, html, status
            FROM email_archive WHERE order_id = ${id} ORDER BY id`,
      )
    ).map((m) => ({ ...m, subject: anonymous(m.subject), body: anonymous(m.body), html: anonymous(m.html) }));
    return { order: order?.row, lines, history, alerts, mails };
  };
  const counts = async () =>
    new Map(
      (
        await rows<{ key: string; n: number }>(
          ctx.database.db,
          sql`SELECT location_id || side || transaction_type_id || '/' || transaction_status_id AS key, sum(n)::int AS n FROM order_counts GROUP BY 1`,
        )
      ).map((c) => [c.key, Number(c.n)]),
    );
  const countDelta = (before: Map<string, number>, after: Map<string, number>) =>
    Object.fromEntries([...after].filter(([key, n]) => n !== (before.get(key) ?? 0)).map(([key, n]) => [key, n - (before.get(key) ?? 0)]));

  const cases = [
    { name: 'a purchase', type: 1, counterpart: () => depot.number, parties: () => ({ locationIdFrom: depot.id, locationIdTo: kari.id }) },
    {
      name: 'a sale',
      type: 2,
      counterpart: () => saleDepot.number,
      parties: () => ({ locationIdFrom: kari.id, locationIdTo: saleDepot.id }),
    },
    {
      name: 'a delivery',
      type: 3,
      counterpart: () => receiver.number,
      parties: () => ({ locationIdFrom: kari.id, locationIdTo: receiver.id }),
    },
    {
      name: 'a delivery to an external location',
      type: 3,
      counterpart: () => external.locationNumber,
      parties: () => ({ locationIdFrom: kari.id, externalLocationIdTo: external.id }),
    },
  ] as const;
  for (const c of cases) {
    for (const draft of [true, false]) {
      it(`${c.name} ${draft ? 'as a draft' : 'sent at once'} is the order POST Orders writes: lines, history, alert, mail, counts`, async () => {
        const reference = `CMP-${c.type}-${c.counterpart()}-${draft}`;
        const quantities = [product.qtyHeight * 2];
        const before = await counts();
        const placed = await ctx.call('POST', '/api/Orders', {
          token,
          body: {
            transactionTypeId: c.type,
            ...c.parties(),
            dateSend: sendDate,
            ...(c.type === 2 ? { datePickup: sendDate } : {}),
            referenceOwn: reference,
            referenceReceiver: 'R-7',
            infoText: 'Ramp 2',
            lines: quantities.map((quantityOrdered) => ({ productId: product.id, quantityOrdered })),
            draft,
          },
        });
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        const middle = await counts();
        const imported = await upload(
          { transactionTypeId: c.type, draft },
          await xlsx([[c.counterpart(), sendDate, product.code, quantities[0] ?? 0, reference, 'R-7', 'Ramp 2']]),
        );
        expect(imported.status, JSON.stringify(imported.body)).toBe(200);
        expect(imported.body.data.ids).toHaveLength(1);
        const after = await counts();

        const viaPost = await written(placed.body.data.id);
        const viaImport = await written(imported.body.data.ids[0]);
        expect(viaImport).toEqual(viaPost);
        expect(viaPost.history).toHaveLength(1);
        expect(viaPost.lines).toHaveLength(1);
        // A sale to a sorting depot is a return: its lines carry "shall be returned".
        expect((viaPost.lines[0] as { shall_return: boolean | null }).shall_return).toBe(c.type === 2 && saleDepot.sorting ? true : null);
        // Sent at once: the other party is alerted (not an external one); a purchase or sale mails kari.
        expect(viaPost.alerts).toHaveLength(!draft && 'locationIdTo' in c.parties() ? 1 : 0);
        expect(viaPost.mails).toHaveLength(!draft && c.type !== 3 ? 1 : 0);
        expect(countDelta(middle, after)).toEqual(countDelta(before, middle));
      });
    }
  }

  it('a purchase into an inactive location of the caller’s is refused as POST Orders refuses it, and writes nothing', async () => {
    const db = ctx.database.db;
    const [inactive] = await rows<{ id: number }>(
      db,
      sql`SELECT id FROM locations WHERE customer_id = ${kari.customerId} AND id <> ${kari.id} AND status_id = 1 ORDER BY id LIMIT 1`,
    );
    if (!inactive) throw new Error('kari’s customer has one location only');
    await db.execute(sql`UPDATE locations SET status_id = 2 WHERE id = ${inactive.id}`);
    try {
      const before = await orderCount();
      const placed = await ctx.call('POST', '/api/Orders', {
        token,
        body: {
          transactionTypeId: 1,
          locationIdFrom: depot.id,
          locationIdTo: inactive.id,
          dateSend: sendDate,
          lines: [{ productId: product.id, quantityOrdered: product.qtyHeight }],
          draft: true,
        },
      });
      expect(placed.status).toBe(400);
      const imported = await upload(
        { transactionTypeId: 1, locationId: inactive.id },
        await xlsx([[depot.number, sendDate, product.code, product.qtyHeight, 'INACTIVE-1', '', '']]),
      );
      expect(imported.status).toBe(400);
      expect(imported.body.error).toMatchObject({ type: 'VALIDATION', fields: { locationId: 'Invalid value' } });
      expect(await orderCount()).toBe(before);
    } finally {
      await db.execute(sql`UPDATE locations SET status_id = 1 WHERE id = ${inactive.id}`);
    }
  });

  it('writes every table with one statement for all the file’s orders', async () => {
    const db = ctx.database.db;
    await db.execute(sql.raw('CREATE TABLE test_statements (tbl text NOT NULL)'));
    await db.execute(
      sql.raw(`CREATE FUNCTION test_count_statement() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO test_statements VALUES (TG_TABLE_NAME); RETURN NULL; END $$`),
    );
    for (const table of writtenTables)
      await db.execute(
        sql.raw(`CREATE TRIGGER test_count_statement AFTER INSERT ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION test_count_statement()`),
      );
    try {
      // 30 purchases of two lines, sent at once: each has lines, a history row, an alert and a mail.
      const [second] = await rows<{ id: number; qtyHeight: number }>(
        db,
        sql`SELECT p.id, ct.qty_height AS "qtyHeight" FROM location_products lp JOIN products p ON p.id = lp.product_id
            JOIN carrier_types ct ON ct.id = p.carrier_type_id WHERE lp.location_id = ${kari.id} AND p.active AND p.id <> ${product.id}
            ORDER BY p.id LIMIT 1`,
      );
      if (!second) throw new Error('kari may receive one product only');
      const file = await xlsx(
        Array.from({ length: 30 }, (_, i): Cell[][] => [
          [depot.number, sendDate, product.code, product.qtyHeight, `BULK-${i}`, '', ''],
          [depot.number, sendDate, String(second.id), second.qtyHeight, `BULK-${i}`, '', ''],
        ]).flat(),
      );
      const before = await orderCount();
      const { status, body } = await upload({ transactionTypeId: 1, draft: false }, file);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ validRows: 60, invalidRows: 0, orders: 30 });
      expect(body.data.ids).toHaveLength(30);
      expect(await orderCount()).toBe(before + 30);
      const statements = await rows<{ tbl: string; n: number }>(db, sql`SELECT tbl, count(*)::int AS n FROM test_statements GROUP BY tbl`);
      expect(Object.fromEntries(statements.map((s) => [s.tbl, s.n]))).toEqual(Object.fromEntries(writtenTables.map((t) => [t, 1])));
      const [mails] = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM email_archive WHERE order_id IN (SELECT id FROM orders WHERE reference_own LIKE 'BULK-%')`,
      );
      expect(mails?.n).toBe(30);
    } finally {
      for (const table of writtenTables) await db.execute(sql.raw(`DROP TRIGGER test_count_statement ON ${table}`));
      await db.execute(sql.raw('DROP FUNCTION test_count_statement()'));
      await db.execute(sql.raw('DROP TABLE test_statements'));
    }
  });

  it('an importKey finds only its own import, never one whose key starts with it', async () => {
    const key = `exact-${kind}-${Date.now()}`;
    const row = (reference: string): Cell[] => [depot.number, sendDate, product.code, product.qtyHeight, reference, '', ''];
    // An earlier import whose key starts with the later one's key and a colon.
    const other = await upload({ transactionTypeId: 1, importKey: `${key}:b` }, await xlsx([row('KEY-OTHER')]));
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    expect(other.body.data.ids).toHaveLength(1);
    const before = await orderCount();
    const file = await xlsx([row('KEY-1'), row('KEY-2'), row('KEY-3')]);
    const first = await upload({ transactionTypeId: 1, importKey: key }, file);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.ids).toHaveLength(3);
    expect(first.body.data.ids).not.toContain(other.body.data.ids[0]);
    expect(await orderCount()).toBe(before + 3);
    // Sent again, each answers its own orders and writes nothing.
    const again = await upload({ transactionTypeId: 1, importKey: key }, file);
    expect(again.body.data.ids).toEqual(first.body.data.ids);
    const otherAgain = await upload({ transactionTypeId: 1, importKey: `${key}:b` }, await xlsx([row('KEY-OTHER')]));
    expect(otherAgain.body.data.ids).toEqual(other.body.data.ids);
    expect(await orderCount()).toBe(before + 3);
  });

  it('a quantity no order can hold is a row problem naming the quantity, never a 500', async () => {
    const row = (reference: string, quantity: Cell): Cell[] => [depot.number, sendDate, product.code, quantity, reference, '', ''];
    const file = await xlsx([
      row('Q-1', 1e308),
      row('Q-2', 2 ** 31),
      row('Q-3', -product.qtyHeight),
      row('Q-4', product.qtyHeight + 0.5),
      row('Q-5', '1e308'),
      row('Q-6', 1e21),
      row('Q-7', Number.MAX_SAFE_INTEGER + 2),
    ]);
    const before = await orderCount();
    const preview = await upload({ transactionTypeId: 1, preview: true }, file);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toMatchObject({ validRows: 0, invalidRows: 7, orders: 0 });
    const problems = preview.body.data.rows.map((r: { rowNumber: number; problems: string[]; quantityOrdered: number | null }) => [
      r.rowNumber,
      r.quantityOrdered,
      r.problems,
    ]);
    expect(problems).toEqual([
      [2, null, ['The quantity can be at most 100000']],
      [3, null, ['The quantity can be at most 100000']],
      [4, null, [`The quantity “-${product.qtyHeight}” is not a whole number above 0`]],
      [5, null, [`The quantity “${product.qtyHeight + 0.5}” is not a whole number above 0`]],
      [6, null, ['The quantity “1e308” is not a whole number above 0']],
      [7, null, ['The quantity can be at most 100000']],
      [8, null, ['The quantity can be at most 100000']],
    ]);
    const imported = await upload({ transactionTypeId: 1 }, file);
    expect(imported.status).toBe(400);
    expect(imported.body.error.type).toBe('IMPORT_NO_VALID_ROWS');
    expect(await orderCount()).toBe(before);
  });
});
