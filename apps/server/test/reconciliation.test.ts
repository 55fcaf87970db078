/**
 * Reconciliation's matching (issue 22; docs/reconciliation.md): kari's file of her location's own
 * movements, built from its statement, against the ledger: every outcome, by reference (order
 * number, pallet receipt number) and by counterparty (GLN, location name, customer name),
 * tolerances at their edges, a product mapping, signed and in/out quantities, CSV and .xlsx.
 */
import { addPlainDays } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconciliationFile, reconciliationMapping } from '../../../e2e/tests/reconciliation-file.js';
import { rows, sql } from '../src/db/client.js';
import { backends, openTestContext, type TestContext } from './helpers.js';
import {
  csvMapping,
  csvOf,
  freshKey,
  kariPeriod,
  movementsOf,
  nordicDate,
  preview,
  reconcile,
  type TestMovement,
} from './reconciliation-helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the answers are read loosely
type Row = any;

describe.each(backends)('reconciliation matching (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let locationId: number;
  let from: string;
  let to: string;
  let movements: TestMovement[];
  /** Order movements at least 5 days inside the period (a shifted date stays in it). */
  let inner: TestMovement[];

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    kari = await ctx.login('kari');
    const period = await kariPeriod(ctx, kari);
    locationId = period.location.id;
    from = period.from;
    to = period.to;
    movements = await movementsOf(ctx, kari, locationId, from, to);
    inner = movements.filter((m) => m.orderId !== null && m.date >= addPlainDays(from, 5) && m.date <= addPlainDays(to, -5));
    expect(inner.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => ctx.close());

  const request = (extra: Record<string, unknown> = {}) => ({
    locationIds: [locationId],
    from,
    to,
    toleranceDays: 3,
    mapping: csvMapping,
    idempotencyKey: freshKey(),
    ...extra,
  });
  const full = async (id: number) => (await ctx.call('GET', `/api/Reconciliations/${id}`, { token: kari })).body.data;
  const line = (m: TestMovement, changes: Partial<TestMovement> = {}) => {
    const x = { ...m, ...changes };
    return [nordicDate(x.date), x.reference, x.counterparty, x.productId, x.quantity];
  };
  const fileRowOf = (data: Row, n: number) => data.rows.find((r: Row) => r.fileRow === n);

  it('answers every outcome: matched, different by quantity and by date, only in the file (also unreadable rows), only in the portal', async () => {
    const [q, d3, d4] = inner as [TestMovement, TestMovement, TestMovement];
    const left = movements[movements.length - 1] as TestMovement;
    const receipt = movements.find((m) => m.receiptNumber !== null && m !== left);
    const rest = movements.filter((m) => m !== left && m !== q && m !== d3 && m !== d4);
    const lines = [
      line(q, { quantity: q.quantity + 2 }),
      line(d3, { date: addPlainDays(d3.date, 3) }),
      line(d4, { date: addPlainDays(d4.date, 4) }),
      ...rest.map((m) => line(m)),
      [nordicDate(to), 'X-NOPE', 'Nobody AS', q.productId, 7],
      ['31.02.2026', 'X1', 'Nobody AS', q.productId, 1],
      [nordicDate(to), 'X2', 'Nobody AS', q.productId, 'abc'],
      [nordicDate(to), 'X3', 'Nobody AS', 'XYZ-UNKNOWN', 1],
    ];
    const answer = await reconcile(ctx, kari, csvOf(lines), request());
    expect(answer.status).toBe(201);
    const summary = answer.body.data;
    const total = lines.length + 1;
    expect(summary).toMatchObject({ different: 2, fileOnly: 4, portalOnly: 1, matched: total - 7, toleranceDays: 3, from, to });
    expect(summary.matchRate).toBe(Math.floor(((total - 7) * 10_000) / total));
    expect(summary.locations.map((l: Row) => l.id)).toEqual([locationId]);

    const data = await full(summary.id);
    expect(data.rows).toHaveLength(total);
    expect(fileRowOf(data, 2)).toMatchObject({
      outcome: 'different',
      matchedBy: 'reference',
      differences: ['quantity'],
      orderId: q.orderId,
    });
    expect(fileRowOf(data, 2).ledgerQuantity).toBe(q.quantity);
    expect(fileRowOf(data, 2).fileQuantity).toBe(q.quantity + 2);
    expect(fileRowOf(data, 3)).toMatchObject({ outcome: 'matched', matchedBy: 'reference', differences: [], ledgerDate: d3.date });
    expect(fileRowOf(data, 4)).toMatchObject({ outcome: 'different', matchedBy: 'reference', differences: ['date'], ledgerDate: d4.date });
    const n = lines.length + 1;
    expect(fileRowOf(data, n - 3)).toMatchObject({ outcome: 'fileOnly', problem: null, fileQuantity: 7 });
    expect(fileRowOf(data, n - 2)).toMatchObject({ outcome: 'fileOnly', problem: 'validation.reconciliationDate', fileDate: '31.02.2026' });
    expect(fileRowOf(data, n - 1)).toMatchObject({ outcome: 'fileOnly', problem: 'validation.reconciliationQuantity' });
    expect(fileRowOf(data, n)).toMatchObject({ outcome: 'fileOnly', problem: 'validation.reconciliationProduct', productId: null });
    const portalOnly = data.rows.filter((r: Row) => r.outcome === 'portalOnly');
    expect(portalOnly).toHaveLength(1);
    expect(portalOnly[0]).toMatchObject({ fileRow: null, ledgerDate: left.date, ledgerQuantity: left.quantity, locationId });
    // The rows in file order, the ledger's after them; ids are their places.
    expect(data.rows.map((r: Row) => r.id)).toEqual(data.rows.map((_: Row, i: number) => i));
    expect(data.rows[data.rows.length - 1].outcome).toBe('portalOnly');
    if (receipt) {
      const receiptRow = data.rows.find((r: Row) => r.fileReference === receipt.receiptNumber && r.fileRow !== null);
      expect(receiptRow).toMatchObject({ outcome: 'matched', matchedBy: 'reference', palletReceiptNumber: receipt.receiptNumber });
    }
    // Per product: the file's readable rows against the ledger's movements.
    const sum = (list: Row[], f: (r: Row) => number | null) => list.reduce((s, r) => s + (f(r) ?? 0), 0);
    expect(sum(data.products, (p) => p.fileBalance)).toBe(sum(data.rows, (r) => (r.problem === null ? r.fileQuantity : 0)));
    expect(sum(data.products, (p) => p.ledgerBalance)).toBe(sum(data.rows, (r) => r.ledgerQuantity));
    for (const p of data.products) expect(p.difference).toBe(p.fileBalance - p.ledgerBalance);
    const qProduct = data.products.find((p: Row) => p.productId === q.productId);
    expect(qProduct.productName).not.toBe('');
  });

  it('keeps the tolerance at its edges, also 0 days', async () => {
    const [a, b] = inner as [TestMovement, TestMovement];
    const lines = [line(a, { date: addPlainDays(a.date, -3) }), line(b, { date: addPlainDays(b.date, 1) })];
    let data = await full((await reconcile(ctx, kari, csvOf(lines), request())).body.data.id);
    expect([fileRowOf(data, 2).outcome, fileRowOf(data, 3).outcome]).toEqual(['matched', 'matched']);
    data = await full((await reconcile(ctx, kari, csvOf(lines), request({ toleranceDays: 0 }))).body.data.id);
    expect(fileRowOf(data, 2)).toMatchObject({ outcome: 'different', differences: ['date'] });
    expect(fileRowOf(data, 3)).toMatchObject({ outcome: 'different', differences: ['date'] });
    data = await full((await reconcile(ctx, kari, csvOf([line(a)]), request({ toleranceDays: 0 }))).body.data.id);
    expect(fileRowOf(data, 2)).toMatchObject({ outcome: 'matched', differences: [] });
  });

  it('matches rows without a reference by counterparty: a GLN, the location’s name, its customer’s name; another quantity is different', async () => {
    const parties = await rows<{ orderId: number; gln: string | null; locationName: string; customerName: string }>(
      ctx.database.db,
      sql`SELECT o.id AS "orderId", l.gln, l.name AS "locationName", c.name AS "customerName"
          FROM orders o JOIN locations l ON l.id = CASE WHEN o.location_id_from = ${locationId} THEN o.location_id_to ELSE o.location_id_from END
          JOIN customers c ON c.id = l.customer_id
          WHERE o.id IN (${sql.join(
            inner.map((m) => sql`${m.orderId}`),
            sql`, `,
          )})`,
    );
    const party = (m: TestMovement) => parties.find((p) => Number(p.orderId) === m.orderId);
    const withGln = inner.find((m) => party(m)?.gln);
    const [byName, byCustomer, other] = inner.filter((m) => m !== withGln && party(m)) as [TestMovement, TestMovement, TestMovement];
    const lines = [
      ...(withGln ? [line(withGln, { reference: '', counterparty: party(withGln)?.gln ?? '' })] : []),
      line(byName, { reference: '', counterparty: `  ${party(byName)?.locationName.toUpperCase()} ` }),
      line(byCustomer, { reference: '', counterparty: party(byCustomer)?.customerName ?? '' }),
      line(other, { reference: '', quantity: other.quantity + 1000 }),
    ];
    const data = await full((await reconcile(ctx, kari, csvOf(lines), request())).body.data.id);
    const fileRows = data.rows.filter((r: Row) => r.fileRow !== null);
    const expected = [
      ...(withGln ? [{ outcome: 'matched', matchedBy: 'counterparty' }] : []),
      { outcome: 'matched', matchedBy: 'counterparty' },
      { outcome: 'matched', matchedBy: 'counterparty' },
      { outcome: 'different', matchedBy: 'counterparty', differences: ['quantity'] },
    ];
    expect(fileRows).toMatchObject(expected);
    expect(withGln).toBeDefined();
  });

  it('reads a product mapping, in and out columns, and an .xlsx with real dates and numbers', async () => {
    const [a, b] = inner as [TestMovement, TestMovement];
    const header = ['Ref', 'Dato', 'Vare', 'Inn', 'Ut'];
    const inOut = (m: TestMovement, product: string) => [
      m.reference,
      m.date,
      product,
      m.quantity > 0 ? m.quantity : null,
      m.quantity < 0 ? -m.quantity : null,
    ];
    const mapping = {
      headerRow: 1,
      dateColumn: 1,
      referenceColumn: 0,
      counterpartyColumn: null,
      productColumn: 2,
      quantityColumn: null,
      quantityInColumn: 3,
      quantityOutColumn: 4,
      products: [{ value: 'Pall fra ERP', productId: a.productId }],
    };
    const csv = csvOf([inOut(a, 'pall FRA erp'), inOut(b, String(b.productId))], header);
    let data = await full((await reconcile(ctx, kari, csv, request({ mapping }))).body.data.id);
    expect(data.rows.filter((r: Row) => r.fileRow !== null).map((r: Row) => r.outcome)).toEqual(['matched', 'matched']);
    expect(fileRowOf(data, 2).fileProduct).toBe('pall FRA erp');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(header);
    for (const m of [a, b]) {
      const row = inOut(m, m === a ? 'Pall fra ERP' : String(m.productId));
      row[1] = new Date(`${m.date}T00:00:00Z`) as unknown as string;
      sheet.addRow(row);
    }
    sheet.getColumn(2).numFmt = 'dd.mm.yyyy';
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    data = await full((await reconcile(ctx, kari, xlsx, request({ mapping }), 'export.dat')).body.data.id);
    expect(data.rows.filter((r: Row) => r.fileRow !== null).map((r: Row) => [r.outcome, r.fileDate])).toEqual([
      ['matched', a.date],
      ['matched', b.date],
    ]);
    expect(data.fileName).toBe('export.dat');

    // The preview shows the workbook's columns and the mapping saved by the last run.
    const shown = await preview(ctx, kari, xlsx);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ rowCount: 2, mapping });
    expect(shown.body.data.columns.map((c: Row) => c.header)).toEqual(header);
    expect(shown.body.data.sample[0][1]).toBe(a.date);
  });

  it('previews a CSV with a BOM and `;`, a tab or `,` as the delimiter, quoted fields holding delimiters', async () => {
    const semicolon = csvOf([['01.02.2026', 'A;1', 'Kiwi, Oslo', 'EUR', '1 234']]);
    let shown = (await preview(ctx, kari, semicolon, { headerRow: '1' })).body.data;
    expect(shown.columns.map((c: Row) => c.header)).toEqual(['Dato', 'Ordrenr', 'Motpart', 'Vare', 'Antall']);
    expect(shown.sample).toEqual([['01.02.2026', 'A;1', 'Kiwi, Oslo', 'EUR', '1 234']]);
    expect(shown.columns[3].distinctValues).toEqual(['EUR']);
    shown = (await preview(ctx, kari, Buffer.from('Dato,Ref,Antall\n2026-02-01,"B,2",5\n2026-02-02,"C ""x""",5-\n'))).body.data;
    expect(shown).toMatchObject({
      rowCount: 2,
      sample: [
        ['2026-02-01', 'B,2', '5'],
        ['2026-02-02', 'C "x"', '5-'],
      ],
    });
    shown = (await preview(ctx, kari, Buffer.from('Dato\tRef\tAntall\r\n2026-02-01\tD;3\t7\r\n'))).body.data;
    expect(shown.sample).toEqual([['2026-02-01', 'D;3', '7']]);
    // Windows-1252 (an older ERP's export) reads too.
    shown = (
      await preview(
        ctx,
        kari,
        Buffer.from([0x4d, 0x6f, 0x74, 0x70, 0x61, 0x72, 0x74, 0x3b, 0x42, 0xf8, 0x72, 0x0a, 0x78, 0x3b, 0x79, 0x0a]),
      )
    ).body.data;
    expect(shown.columns[1].header).toBe('Bør');
    // A header further down: the rows above it are not data.
    shown = (await preview(ctx, kari, Buffer.from('Rapport\n\nDato;Antall\n2026-02-01;5\n'), { headerRow: '3' })).body.data;
    expect(shown).toMatchObject({ rowCount: 1, sample: [['2026-02-01', '5']] });
  });

  it('builds the browser journey’s file (e2e/tests/reconciliation-file.ts): one row different by quantity, an order kari can dispute', async () => {
    // The helper's requests through the app, as Playwright's APIRequestContext sends them.
    const request = {
      get: async (url: string, options: { headers: Record<string, string> }) => {
        const response = await ctx.app.inject({ method: 'GET', url, headers: options.headers });
        return {
          ok: () => response.statusCode < 300,
          status: () => response.statusCode,
          json: async () => response.json(),
          text: async () => response.body,
        };
      },
    };
    const ole = (await ctx.call('GET', '/api/location', { token: await ctx.login('ole') })).body.data.id;
    // biome-ignore lint/suspicious/noExplicitAny: the stand-in has what the helper calls
    const file = await reconciliationFile(request as any, kari, { avoidLocationIds: [ole] });
    const answer = await reconcile(
      ctx,
      kari,
      file.csv,
      {
        locationIds: [file.locationId],
        from: file.from,
        to: file.to,
        toleranceDays: 3,
        mapping: reconciliationMapping,
        idempotencyKey: freshKey(),
      },
      file.fileName,
    );
    expect(answer.body.data).toMatchObject({ different: 1, fileOnly: 0, portalOnly: 0 });
    expect(answer.body.data.matchRate).toBeLessThan(10_000);
    const data = await full(answer.body.data.id);
    const row = data.rows.find((r: Row) => r.outcome === 'different');
    expect(row).toMatchObject({
      fileRow: file.different.row,
      orderId: file.different.orderId,
      differences: ['quantity'],
      matchedBy: 'reference',
    });
    expect(row.ledgerQuantity - row.fileQuantity).toBe(2);
    // The row is an order kari can dispute now (in this file’s own copy of the data).
    const opened = await ctx.call('POST', '/api/Disputes', {
      token: kari,
      body: {
        orderId: row.orderId,
        problem: 'quantity',
        comment: 'Avstemming: to paller mindre i vårt system',
        lines: [{ productId: row.productId, quantity: row.fileQuantity }],
        idempotencyKey: freshKey(),
      },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  });
});
