/**
 * The OpenAPI document other systems (ERP, WMS) generate their clients from (issue 7, "Clients
 * of the API"): /api/docs/json passes Redocly's recommended rules without an error (the
 * warnings are printed), every operation has a unique operationId and documents its client
 * errors in the portal's error envelope, files have their real media types, and the security
 * it declares is the one the calls apply.
 */

import { ZErrorEnvelope } from '@portal/domain';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../src/db/client.js';
import { callDocs } from '../src/plugins/openapi.js';
import { backends, multipart, openTestContext, type TestContext } from './helpers.js';

interface Schema {
  type?: string;
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  $ref?: string;
}
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
}
interface Document {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Calls that answer no client error at all: GET Status takes no input and no token is needed (a bad one just gives no session). */
const withoutClientErrors = new Set(['getStatus']);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe.each(backends)('the OpenAPI document (%s)', (kind) => {
  let ctx: TestContext;
  let doc: Document;
  let operations: { method: string; path: string; operation: Operation }[];

  beforeAll(async () => {
    // No ledger check after each test: this file reads the API description (and sends one invalid comment), nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    const { status, body } = await ctx.call('GET', '/api/docs/json');
    expect(status).toBe(200);
    doc = body;
    operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  });
  afterAll(() => ctx.close());

  const name = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
  const clientErrors = (operation: Operation) => Object.keys(operation.responses).filter((status) => /^4\d\d$/.test(status));

  it("passes Redocly's recommended rules without an error, offline", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    const line = (p: (typeof problems)[number]) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`;
    const warnings = problems.filter((p) => p.severity !== 'error');
    if (warnings.length) console.info(`OpenAPI lint warnings:\n${warnings.map(line).join('\n')}`);
    expect(problems.filter((p) => p.severity === 'error').map(line)).toEqual([]);
    expect(doc.servers?.length).toBeGreaterThan(0);
  });

  it('gives every operation a unique operationId: the method and the call name', () => {
    const ids = operations.map((o) => o.operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const idOf = (method: string, path: string) => doc.paths[path]?.[method]?.operationId;
    expect(idOf('get', '/api/Orders')).toBe('getOrders');
    expect(idOf('post', '/api/Orders')).toBe('postOrders');
    expect(idOf('get', '/api/Orders/{id}')).toBe('getOrdersById');
    expect(idOf('get', '/api/Status')).toBe('getStatus');
    expect(idOf('post', '/api/status')).toBe('postStatus');
    expect(idOf('get', '/api/Waybill')).toBe('getWaybill');
  });

  it('documents the client errors of every operation in the error envelope', () => {
    const missing = operations.filter(
      (o) => !withoutClientErrors.has(o.operation.operationId ?? '') && clientErrors(o.operation).length === 0,
    );
    expect(missing.map(name)).toEqual([]);
    for (const o of operations) {
      const { operation } = o;
      for (const status of [...clientErrors(operation), 'default']) {
        expect(operation.responses[status]?.content?.['application/json']?.schema, `${name(o)} ${status}`).toEqual({
          $ref: '#/components/schemas/ErrorEnvelope',
        });
      }
      const hasInput = Boolean(operation.parameters?.length || operation.requestBody);
      expect(Boolean(operation.responses['400']), `${name(o)} 400 for its input`).toBe(hasInput);
      // `security: []` is a public call (POST PasswordResetRequest): it never answers 401.
      const bearerOnly = !operation.security || (operation.security.length > 0 && operation.security.every((s) => 'bearer' in s));
      if (bearerOnly) expect(operation.responses['401'], `${name(o)} 401 without a token`).toBeTruthy();
    }
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect(envelope?.required).toEqual(['error', 'info']);
    expect(envelope?.properties?.error?.required).toEqual(['type', 'message', 'httpDescription']);
    // The calls' own errors: the Waybill's 409, the import's 413, a party's 404, a role's 403.
    expect(Object.keys(doc.paths['/api/Waybill']?.get?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '409', 'default']);
    // Every call but the gdpr page's own may answer 403 GDPR_REQUIRED; POST Login cannot.
    expect(doc.paths['/api/Orders']?.get?.responses['403']?.description).toContain('GDPR_REQUIRED');
    // (POST Gdpr answers 403 FORBIDDEN only to an API key: docs/api.md, "What a key cannot do".)
    expect(doc.paths['/api/Gdpr']?.post?.responses['403']?.description).toBe('Forbidden: error.type FORBIDDEN');
    expect(doc.paths['/api/OrdersImport']?.post?.responses['413']).toBeTruthy();
    expect(doc.paths['/api/OrderComments']?.get?.responses['404']).toBeTruthy();
    expect(doc.paths['/api/EmailArchive']?.get?.responses['403']).toBeTruthy();
    expect(doc.paths['/api/Login']?.post?.responses['429']).toBeTruthy();
  });

  it('answers errors in the documented envelope', async () => {
    const token = await ctx.login('kari');
    const answers = [
      await ctx.call('GET', '/api/Orders/2147483000', { token }),
      await ctx.call('GET', '/api/Orders'),
      await ctx.call('POST', '/api/OrderComments', { token, body: { orderId: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([404, 401, 400]);
    for (const answer of answers) expect(ZErrorEnvelope.safeParse(answer.body).error).toBeUndefined();
  });

  it('names only routes in the calls it documents by hand', () => {
    const calls = new Set(operations.map((o) => `${o.method} ${o.path.replace(/^\/api\//, '')}`));
    expect(Object.keys(callDocs).filter((call) => !calls.has(call))).toEqual([]);
  });

  it('describes every tag an operation names, and no other', () => {
    const used = new Set(operations.flatMap((o) => o.operation.tags ?? []));
    expect(operations.filter((o) => o.operation.tags?.length !== 1).map(name)).toEqual([]);
    expect((doc.tags ?? []).map((t) => t.name).sort()).toEqual([...used].sort());
    expect((doc.tags ?? []).filter((t) => !t.description).map((t) => t.name)).toEqual([]);
  });

  it('documents the files as binary in their media types, and the multipart bodies with their fields', () => {
    const binary = { type: 'string', format: 'binary' };
    const answer = (path: string) => doc.paths[path]?.get?.responses['200']?.content ?? {};
    expect(answer('/api/Waybill')).toEqual({ 'application/pdf': { schema: binary } });
    expect(answer('/api/OrdersImportTemplate')).toEqual({
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: binary },
    });
    expect(Object.keys(answer('/api/OrderAttachments/{id}')).sort()).toEqual(['application/pdf', 'image/gif', 'image/jpeg', 'image/png']);
    const form = (path: string) => doc.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(Object.keys(doc.paths['/api/OrdersImport']?.post?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(form('/api/OrdersImport')?.properties?.file).toMatchObject(binary);
    expect(form('/api/OrdersImport')?.required).toEqual(['file']);
    expect(Object.keys(form('/api/OrdersImport')?.properties ?? {}).sort()).toEqual(
      ['draft', 'file', 'headerRows', 'importKey', 'locationId', 'preview', 'startRow', 'transactionTypeId'].sort(),
    );
    expect(form('/api/OrderAttachments')?.properties?.file).toMatchObject(binary);
    expect(Object.keys(form('/api/OrderAttachments')?.properties ?? {})).toEqual(['orderId', 'file']);
  });

  it('sends files in the media types it documents, and reads the multipart fields it names', async () => {
    const token = await ctx.login('kari');
    const kari = (await ctx.call('GET', '/api/location', { token })).body.data;
    const [order] = await rows<{ id: number }>(
      ctx.database.db,
      sql`SELECT id FROM orders WHERE location_id_to = ${kari.id} AND transaction_status_id <> 0 ORDER BY id LIMIT 1`,
    );
    const fields = Object.keys(
      doc.paths['/api/OrderAttachments']?.post?.requestBody?.content['multipart/form-data']?.schema.properties ?? {},
    );
    expect(fields).toContain('orderId');
    const body = multipart({ orderId: Number(order?.id) }, { name: 'delivery-note.pdf', type: 'application/pdf', data: PDF });
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/OrderAttachments',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${token}` },
    });
    expect(uploaded.statusCode).toBe(200);
    const files = [
      await ctx.app.inject({
        method: 'GET',
        url: `/api/OrderAttachments/${uploaded.json().data.id}`,
        headers: { authorization: `Bearer ${token}` },
      }),
      await ctx.app.inject({
        method: 'GET',
        url: '/api/OrdersImportTemplate?transactionTypeId=1',
        headers: { authorization: `Bearer ${token}` },
      }),
    ];
    const documented = [
      doc.paths['/api/OrderAttachments/{id}']?.get?.responses['200'],
      doc.paths['/api/OrdersImportTemplate']?.get?.responses['200'],
    ];
    files.forEach((file, i) => {
      expect(file.statusCode).toBe(200);
      expect(Object.keys(documented[i]?.content ?? {})).toContain(file.headers['content-type']);
      expect(file.headers['content-disposition']).toBeTruthy();
    });
  });

  it('declares the security the calls apply: a token except for sign-in, the status and the login messages', async () => {
    const security = (path: string, method: string) => doc.paths[path]?.[method]?.security;
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(security('/api/Login', 'post')).toEqual([]);
    expect(security('/api/Status', 'get')).toEqual([{}, { bearer: [] }]);
    expect(security('/api/Messages', 'get')).toEqual([{}, { bearer: [] }]);
    expect((await ctx.call('GET', '/api/Messages?type=login')).status).toBe(200);
    expect((await ctx.call('GET', '/api/Messages?type=guides')).status).toBe(401);
    // Every call without a required body or query parameter, called without a token (path parameters: 1).
    const callable = operations.filter(
      (o) => !o.operation.requestBody?.required && !o.operation.parameters?.some((p) => p.required && p.in !== 'path'),
    );
    expect(callable.length).toBeGreaterThan(15);
    const wrong: string[] = [];
    for (const o of callable) {
      const url = o.path.replace(/\{\w+\}/g, '1');
      const { statusCode } = await ctx.app.inject({ method: o.method as 'GET', url });
      // A rule across parameters (GET OrderFill: an id, or lines and a truck type) refuses the input before the token is looked at.
      if (statusCode === 400) continue;
      const declared = o.operation.security;
      const open = declared !== undefined && (declared.length === 0 || declared.some((s) => Object.keys(s).length === 0));
      if ((statusCode === 401) === open) wrong.push(`${name(o)}: ${statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
