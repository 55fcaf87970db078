/**
 * Reconciliation's calls around the matching (issue 22; docs/reconciliation.md): bad inputs answer
 * 400 with field messages and save nothing, a file too large 413 and one of too many rows 400;
 * access and scope (another customer's reconciliation 404, a location outside the scope 404,
 * another customer's location 400, no REPORTS task 403); the idempotency key; the list newest
 * first; the workbook; a file of 10,000 rows.
 */
import { RECONCILIATION_MAX_BYTES, RECONCILIATION_MAX_ROWS } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { createUser, demoUser, newUserBody } from './acting-users.js';
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

describe.each(backends)('reconciliation calls (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let ole: string;
  let admin: string;
  let locationId: number;
  let oleLocationId: number;
  let from: string;
  let to: string;
  let movements: TestMovement[];
  let csv: Buffer;

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    kari = await ctx.login('kari');
    ole = await ctx.login('ole');
    admin = await ctx.login('admin');
    const period = await kariPeriod(ctx, kari, 30);
    locationId = period.location.id;
    from = period.from;
    to = period.to;
    oleLocationId = (await ctx.call('GET', '/api/location', { token: ole })).body.data.id;
    movements = await movementsOf(ctx, kari, locationId, from, to);
    csv = csvOf(movements.map((m) => [nordicDate(m.date), m.reference, m.counterparty, m.productId, m.quantity]));
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
  const saved = async () =>
    (
      await rows<{ n: number; r: number }>(
        ctx.database.db,
        sql`SELECT (SELECT count(*) FROM reconciliations)::int AS n, (SELECT count(*) FROM reconciliation_rows)::int AS r`,
      )
    )[0];

  it('answers bad inputs 400 with field messages in the caller’s language (kari’s Norwegian), and saves nothing', async () => {
    const before = await saved();
    const cases: [Buffer | null, Record<string, unknown> | string, string, string][] = [
      [null, request(), 'file', 'validation.required'],
      [csv, '{not json', 'request', ''],
      [csv, request({ from: to, to: from }), 'from', ''],
      [csv, request({ from: '2025-01-01', to: '2026-01-02' }), 'from', ''],
      [csv, request({ toleranceDays: 32 }), 'toleranceDays', ''],
      [csv, request({ mapping: { ...csvMapping, quantityColumn: null } }), 'mapping.quantityColumn', ''],
      [csv, request({ mapping: { ...csvMapping, dateColumn: 100 } }), 'mapping.dateColumn', ''],
      [csv, request({ mapping: { ...csvMapping, products: [{ value: 'x', productId: 999999 }] } }), 'mapping.products.0.productId', ''],
      [csv, request({ idempotencyKey: undefined }), 'idempotencyKey', ''],
      [Buffer.from('%PDF-1.4\u0000\u0001binary'), request(), 'file', ''],
      [Buffer.from('PK\u0003\u0004 not really a zip'), request(), 'file', ''],
    ];
    for (const [file, body, field] of cases) {
      const answer = await reconcile(ctx, kari, file, body);
      expect(answer.status, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.error.type).toBe('VALIDATION');
      expect(Object.keys(answer.body.error.fields ?? {})).toContain(field);
      expect(answer.body.error.fields[field]).not.toMatch(/^validation\./);
    }
    // A request without the form's `request` field.
    expect((await reconcile(ctx, kari, csv, '')).body.error.fields).toHaveProperty('request');
    expect(await saved()).toEqual(before);
  });

  it('refuses a file over the size limit (413) and one of too many rows (400 on file)', async () => {
    const before = await saved();
    const big = Buffer.alloc(RECONCILIATION_MAX_BYTES + 10, 0x41);
    const tooLarge = await reconcile(ctx, kari, big, request());
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.type).toBe('FILE_TOO_LARGE');
    const many = Buffer.from(`Dato;Ordrenr;Motpart;Vare;Antall\n${'01.01.2026;1;x;1;1\n'.repeat(RECONCILIATION_MAX_ROWS + 1)}`);
    const tooMany = await reconcile(ctx, kari, many, request());
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.fields.file).toContain(String(RECONCILIATION_MAX_ROWS).slice(0, 2));
    expect((await preview(ctx, kari, many)).status).toBe(400);
    expect(await saved()).toEqual(before);
  });

  it('keeps to the acting customer: another customer’s reconciliation 404, locations outside the scope 404, another customer’s 400, no REPORTS task 403', async () => {
    const created = await reconcile(ctx, kari, csv, request());
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await ctx.call('GET', `/api/Reconciliations/${id}`, { token: ole })).status).toBe(404);
    expect((await ctx.call('GET', `/api/Reconciliations/${id}/workbook`, { token: ole })).status).toBe(404);
    expect((await ctx.call('GET', '/api/Reconciliations', { token: ole })).body.data.map((r: Row) => r.id)).not.toContain(id);
    expect((await ctx.call('GET', '/api/Reconciliations/999999', { token: kari })).status).toBe(404);
    expect((await reconcile(ctx, kari, csv, request({ locationIds: [oleLocationId] }))).status).toBe(404);
    const foreign = await reconcile(ctx, admin, csv, request());
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.fields).toHaveProperty('locationIds');

    const noReports = await createUser(ctx, kari, newUserBody(locationId, { tasks: ['ORDER'] }));
    expect((await ctx.call('GET', '/api/Reconciliations', { token: noReports.token })).status).toBe(403);
    expect((await reconcile(ctx, noReports.token, csv, request())).status).toBe(403);
    expect((await preview(ctx, noReports.token, csv)).status).toBe(403);
    const reports = await createUser(ctx, kari, newUserBody(locationId, { tasks: ['REPORTS'] }));
    expect((await ctx.call('GET', '/api/Reconciliations', { token: reports.token })).body.data.map((r: Row) => r.id)).toContain(id);
  });

  it('answers the first run for the same idempotency key, and lists newest first', async () => {
    const body = request();
    const first = await reconcile(ctx, kari, csv, body);
    const before = await saved();
    const again = await reconcile(ctx, kari, csvOf([]), body);
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await saved()).toEqual(before);
    const [a, b] = await Promise.all([
      reconcile(ctx, kari, csv, { ...body, idempotencyKey: 'same-at-once-1' }),
      reconcile(ctx, kari, csv, { ...body, idempotencyKey: 'same-at-once-1' }),
    ]);
    expect(a.body.data.id).toBe(b.body.data.id);
    const later = await reconcile(ctx, kari, csv, request());
    const list = (await ctx.call('GET', '/api/Reconciliations', { token: kari })).body.data;
    expect(list[0].id).toBe(later.body.data.id);
    const createdAt = list.map((r: Row) => r.createdAt);
    expect([...createdAt].sort().reverse()).toEqual(createdAt);
    expect(list[0]).toMatchObject({ customerId: (await demoUser(ctx, 'kari')).customerId, fileName: 'erp.csv', matchRate: 10_000 });
  });

  it('exports the whole reconciliation as a workbook in the caller’s language (kari’s Norwegian)', async () => {
    const lines = [
      ...movements.slice(1).map((m) => [nordicDate(m.date), m.reference, m.counterparty, m.productId, m.quantity]),
      [nordicDate(to), 'X', 'Y', 'Z', 1],
    ];
    const id = (await reconcile(ctx, kari, csvOf(lines), request())).body.data.id;
    const data = (await ctx.call('GET', `/api/Reconciliations/${id}`, { token: kari })).body.data;
    const answer = await ctx.app.inject({
      method: 'GET',
      url: `/api/Reconciliations/${id}/workbook`,
      headers: { authorization: `Bearer ${kari}`, 'accept-language': 'nb-NO' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain(`reconciliation-${id}-`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Sammendrag', 'Per produkt', 'Rader']);
    const sheet = workbook.worksheets[2] as ExcelJS.Worksheet;
    const texts: string[] = [];
    sheet.eachRow((row) => texts.push((row.values as unknown[]).map((v) => String(v ?? '')).join('|')));
    expect(texts.some((t) => t.includes('Bare i portalen'))).toBe(true);
    expect(texts.some((t) => t.includes('Ukjent produkt'))).toBe(true);
    // Title, filters, a blank row, the header, the rows and the totals.
    expect(sheet.rowCount).toBe(1 + 6 + 1 + 1 + data.rows.length + 1);
  });

  it('reconciles a file of 10,000 rows', async () => {
    const lines: (string | number)[][] = [];
    for (let i = 0; i < 10_000; i++) {
      const m = movements[i % movements.length] as TestMovement;
      lines.push([nordicDate(m.date), i < movements.length ? m.reference : `N${i}`, m.counterparty ?? '', m.productId, m.quantity]);
    }
    const answer = await reconcile(ctx, kari, csvOf(lines), request());
    expect(answer.status).toBe(201);
    const s = answer.body.data;
    expect(s.matched + s.different + s.fileOnly).toBe(10_000);
    expect(s.matched).toBeGreaterThanOrEqual(movements.length);
    expect(s.portalOnly).toBe(0);
    const [{ n }] = (await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM reconciliation_rows WHERE reconciliation_id = ${s.id}`,
    )) as [{ n: number }];
    expect(n).toBe(10_000);
  });
});
