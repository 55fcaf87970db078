/**
 * What a browser notices of how the server delivers the web app and the API's answers
 * (issue 7, "Speed a user feels"): precompressed brotli and gzip with Content-Encoding and
 * Vary, hashed assets cached for a year, index.html revalidated (304), the single-page app's
 * client routes, and compressed JSON answers. The web app is a fake build in a temporary
 * folder, laid out as `vite build` writes it (apps/web/vite.config.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config.js';
import { backends, openTestContext, type TestContext } from './helpers.js';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>';
const appHtml = indexHtml.replace('</head>', '<link rel="modulepreload" href="/assets/app-shell-Ef56Gh78.js"></head>');
const entryJs = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text number ${i}`))};\n`;

/** Writes `file` under `dir` with its .br and .gz copies, as the build's compression plugin does. */
function writeCompressed(dir: string, file: string, content: string) {
  const target = path.join(dir, file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, content);
  fs.writeFileSync(`${target}.br`, brotliCompressSync(content));
  fs.writeFileSync(`${target}.gz`, gzipSync(content));
}

/** The body as the browser reads it: decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  return response.body;
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .includes('accept-encoding');

describe('the web app as the browser gets it', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
    writeCompressed(dist, 'index.html', indexHtml);
    writeCompressed(dist, 'app.html', appHtml);
    writeCompressed(dist, 'assets/index-Ab12Cd34.js', entryJs);
    writeCompressed(dist, 'assets/app-shell-Ef56Gh78.js', entryJs);
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // No ledger check after each test: the web app's files only, nothing that can write to the ledger or balances.
    ctx = await openTestContext('pglite', { ledgerCheck: false });
    app = await buildApp({ db: ctx.database.db, config: { ...readConfig({}), webDist: dist } });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('sends brotli to a browser that takes it, else gzip, else the plain file, and says it varies', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(entryJs.length / 3);
    expect(decoded(br)).toBe(entryJs);
    expect(varies(br)).toBe(true);

    const gzip = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(entryJs);
    expect(varies(gzip)).toBe(true);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(entryJs);
    expect(varies(plain)).toBe(true);
  });

  it('lets the browser keep hashed assets for a year without asking again', async () => {
    const asset = await get('/assets/app-shell-Ef56Gh78.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/missing-00000000.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
  });

  it('revalidates index.html on every load: a reload with its ETag gets 304 and no body', async () => {
    const first = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(decoded(first)).toBe(indexHtml);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['last-modified']).toBeTruthy();
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();

    const again = await get('/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the app page: /app paths with the shell preloaded, the others with index.html', async () => {
    const home = await get('/app/home', { 'accept-encoding': 'br' });
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/text\/html/);
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(decoded(home)).toBe(appHtml);
    const order = await get('/app/orders/12345?tab=history', { 'accept-encoding': 'gzip' });
    expect(decoded(order)).toBe(appHtml);
    const etag = String(home.headers.etag);
    expect((await get('/app/orders', { 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(304);

    for (const url of ['/gdpr', '/forgot-password', '/some/unknown/path']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.statusCode, url).toBe(200);
      expect(decoded(page), url).toBe(indexHtml);
    }
  });

  it('keeps unknown API paths a 404 in the error envelope, never the app page', async () => {
    const response = await get('/api/NoSuchCall', { 'accept-encoding': 'br', 'accept-language': 'en-US' });
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(decoded(response)).error.type).toBe('NOT_FOUND');
  });
});

describe.each(backends)('API answers on the wire (%s)', (kind) => {
  let ctx: TestContext;
  let token: string;
  let url: string;
  beforeAll(async () => {
    // No ledger check after each test: compressed answers of reads only, nothing that can write to the ledger or balances.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    token = await ctx.login('kari');
    const location = (await ctx.call('GET', '/api/location', { token })).body.data;
    url = `/api/Orders?locationId=${location.id}&count=1000`;
  });
  afterAll(() => ctx.close());

  const call = (target: string, encoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: target,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('compresses a large JSON answer (a 1,000-row orders page) with brotli or gzip, same data', async () => {
    const plain = await call(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const data = plain.json().data;
    expect(data.items.length).toBeGreaterThan(100);

    const br = await call(url, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decoded(br)).data).toEqual(data);

    const gzip = await call(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decoded(gzip)).data).toEqual(data);
  });

  it('sends a small answer as it is', async () => {
    const small = await call('/api/location', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
