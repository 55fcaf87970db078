/**
 * The Excel export of GET Reports/{report} (format=xlsx; issue 8, "Reports"): the workbook opens
 * with exceljs, its header is in the caller's language, dates and numbers are real Excel types
 * (money a number with two decimals), the filters are on the first rows, and the file name is
 * translated. Without the finance permission no money column reaches the workbook.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { XLSX_BATCH_ROWS } from '../src/modules/reports/report-definition.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const today = new Date().toISOString().slice(0, 10);
const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;

describe.each(backends)('reports as Excel (%s)', (kind) => {
  let ctx: TestContext;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    for (const user of ['kari', 'ole', 'mikko']) tokens[user] = await ctx.login(user);
  });
  afterAll(() => ctx.close());

  const workbook = async (user: string, name: string, query = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/Reports/${name}?from=${yearAgo}&to=${today}&format=xlsx${query}`,
      headers: { authorization: `Bearer ${tokens[user]}`, 'accept-language': 'en-US' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    /** The row whose first cell is `label`. */
    const rowOf = (label: string) => {
      for (let i = 1; i <= sheet.rowCount; i++) if (sheet.getRow(i).getCell(1).value === label) return sheet.getRow(i);
      return undefined;
    };
    return { response, sheet, rowOf };
  };

  it('kari’s transactions: Norwegian header, filters on top, real dates and numbers', async () => {
    const json = (
      await ctx.call('GET', `/api/Reports/transactions?from=${yearAgo}&to=${today}&transactionTypeId=1`, { token: tokens.kari })
    ).body.data;
    const { response, sheet, rowOf } = await workbook('kari', 'transactions', '&transactionTypeId=1');
    expect(response.headers['content-disposition']).toContain(`attachment; filename="transaksjoner-${yearAgo}-${today}.xlsx"`);
    expect(sheet.getRow(1).getCell(1).value).toBe('Transaksjoner');
    expect(rowOf('Periode')?.getCell(2).value).toMatch(/^\d\d\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}$/);
    expect(rowOf('Ordretype')?.getCell(2).value).toBe('Kjøp');
    expect(rowOf('Lokasjon')?.getCell(2).value).toBe('Alle');
    const header = rowOf('Dato');
    expect(header, 'the header row').toBeDefined();
    const labels = ((header?.values ?? []) as unknown[]).slice(1);
    expect(labels).toEqual(json.columns.map((c: { label: string }) => c.label));
    expect(labels).toContain('Saldo');
    const first = sheet.getRow((header?.number ?? 0) + 1);
    expect(first.getCell(1).value).toBeInstanceOf(Date);
    expect(first.getCell(1).numFmt).toBe('dd.mm.yyyy');
    const balanceColumn = labels.indexOf('Saldo') + 1;
    expect(typeof first.getCell(balanceColumn).value).toBe('number');
    // Every JSON row is there, then the totals.
    const dataRows = sheet.rowCount - (header?.number ?? 0) - 1;
    expect(dataRows).toBe(json.rows.length);
    const totals = sheet.getRow(sheet.rowCount);
    expect(totals.getCell(balanceColumn).value).toBe(json.totals.balance);
    const firstDate = (first.getCell(1).value as Date).toISOString().slice(0, 10);
    expect(firstDate).toBe(json.rows[0].bookingDate);
  });

  it('kari’s transactions workbook has the screen’s rows with the same running balances', async () => {
    // The screen's rows come 10,000 a batch, the workbook's XLSX_BATCH_ROWS: a balance carried
    // wrong from one batch to the next would show here.
    const json = (await ctx.call('GET', `/api/Reports/transactions?from=${yearAgo}&to=${today}`, { token: tokens.kari })).body.data;
    expect(json.rows.length).toBeGreaterThan(XLSX_BATCH_ROWS);
    const { sheet, rowOf } = await workbook('kari', 'transactions');
    const header = rowOf('Dato')?.number ?? 0;
    const keys: string[] = json.columns.map((c: { key: string }) => c.key);
    const shown = (row: Record<string, unknown>) => [row.orderId, row.movement, row.quantityIn, row.quantityOut, row.balance];
    const fromSheet = Array.from({ length: sheet.rowCount - header - 1 }, (_, i) => {
      const row = sheet.getRow(header + 1 + i);
      return shown(Object.fromEntries(keys.map((key, c) => [key, row.getCell(c + 1).value ?? null])));
    });
    expect(fromSheet).toEqual(json.rows.map(shown));
  });

  it('money is a number with two decimals for kari, and not there for ole', async () => {
    const kari = await workbook('kari', 'commissions');
    const header = kari.rowOf('Kunde-ID');
    const labels = ((header?.values ?? []) as unknown[]).slice(1);
    const amount = labels.indexOf('Beløp ekskl. mva.') + 1;
    expect(amount).toBeGreaterThan(0);
    const valued = kari.sheet.getRow((header?.number ?? 0) + 1);
    expect(typeof valued.getCell(amount).value).toBe('number');
    expect(valued.getCell(amount).numFmt).toBe('#,##0.00');
    const json = (await ctx.call('GET', `/api/Reports/commissions?from=${yearAgo}&to=${today}`, { token: tokens.kari })).body.data;
    expect(valued.getCell(amount).value).toBeCloseTo(json.rows[0].amountExclVat / 100, 2);

    const ole = await workbook('ole', 'commissions');
    const oleLabels = ((ole.rowOf('Kunde-ID')?.values ?? []) as unknown[]).slice(1);
    for (const label of ['Beløp ekskl. mva.', 'Enhetspris ekskl. mva.', 'Valuta']) expect(oleLabels).not.toContain(label);
  });

  it('in Finnish for mikko, with a Finnish file name', async () => {
    const { response, rowOf } = await workbook('mikko', 'locations');
    expect(response.headers['content-disposition']).toContain('toimipaikat-');
    expect(rowOf('Ajanjakso')).toBeDefined();
    expect(rowOf('Asiakastunnus')).toBeDefined();
  });

  it('a filter outside the scope answers 404 before any workbook is written', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/Reports/transactions?from=${yearAgo}&to=${today}&format=xlsx&locationId=1`,
      headers: { authorization: `Bearer ${tokens.ole}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.type).toBe('NOT_FOUND');
  });
});
