/**
 * The CSV feed of GET Reports/{report} (format=csv; issue 23, "Bulk feeds"): what a nightly job
 * with an API key pulls. Read back with a CSV parser, it holds the JSON answer's columns (their
 * keys as the header) and rows with the same values; money columns only with the finance
 * permission; bad formats answer 400.
 */
import { addPlainDays, todayIn } from '@portal/domain';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestContext, type TestContext } from './helpers.js';

describe.each(backends)('reports as CSV (%s)', (kind) => {
  let ctx: TestContext;
  let kari: string;
  let ole: string;
  let apiKey: string;
  const to = todayIn('NO');
  const from = addPlainDays(to, -90);

  beforeAll(async () => {
    ctx = await openTestContext(kind);
    [kari, ole] = await Promise.all([ctx.login('kari'), ctx.login('ole')]);
    const made = await ctx.call('POST', '/api/ApiKeys', { token: kari, body: { name: 'ERP nightly', expiresAt: addPlainDays(to, 30) } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    apiKey = made.body.data.token;
  });
  afterAll(() => ctx.close());

  const csv = async (token: string, report: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/Reports/${report}?from=${from}&to=${to}&format=csv`,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'nb-NO' },
    });
    return response;
  };

  it.each(['transactions', 'pooling', 'locations'])(
    'the %s report: the JSON answer’s columns and rows, read with an API key',
    async (report) => {
      const response = await csv(apiKey, report);
      expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers['content-disposition']).toContain(`${report}-${from}-${to}.csv`);
      expect(response.body.charCodeAt(0)).not.toBe(0xfeff);
      const records: string[][] = parse(response.body, { relax_column_count: false });
      const json = (await ctx.call('GET', `/api/Reports/${report}?from=${from}&to=${to}`, { token: kari })).body.data;
      const keys = json.columns.map((c: { key: string }) => c.key);
      expect(records[0]).toEqual(keys);
      expect(records.slice(1)).toHaveLength(json.rows.length);
      const asText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
      expect(records.slice(1)).toEqual(json.rows.map((row: Record<string, unknown>) => keys.map((key: string) => asText(row[key]))));
      if (report === 'transactions') expect(json.rows.length).toBeGreaterThan(0);
    },
  );

  it('has, for each caller, the columns its JSON answer has (money only with the finance permission)', async () => {
    for (const token of [kari, ole]) {
      const header = (parse((await csv(token, 'pooling')).body, { to_line: 1 }) as string[][])[0];
      const json = (await ctx.call('GET', `/api/Reports/pooling?from=${from}&to=${to}`, { token })).body.data;
      expect(header).toEqual(json.columns.map((c: { key: string }) => c.key));
    }
  });

  it('answers an unknown format with 400 on format', async () => {
    const response = await ctx.call('GET', `/api/Reports/pooling?format=tsv`, { token: kari });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toContain('format');
  });
});
