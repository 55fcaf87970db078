/**
 * Errors of the transport (issue 20; docs/domain.md, "Input"): a bad URL (400), an over-long
 * path parameter (414), headers over Node's limit (431) and a request that stops coming (408)
 * answer in the portal's envelope, in the signed-in user's language when the request carries a
 * bearer token that opens a session, else Accept-Language. A request whose body stops half-way
 * does not hold its connection past the request timeout.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { translator } from '../src/i18n.js';
import { backends, openTestContext, type TestContext, testConfig } from './helpers.js';

/** Writes `request` on a new connection to `port` and answers everything the server sends until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => {
      data += chunk.toString();
    });
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

/** The status line's code and the JSON body of a raw answer. */
function parse(answer: string): { status: number; body: { error: { type: string; message: string }; info: { userLogin: string | null } } } {
  return {
    status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]),
    body: JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)),
  };
}

const fi = translator('fi-FI');
const sv = translator('sv-SE');

describe.each(backends)('errors of the transport (%s)', (kind) => {
  let ctx: TestContext;
  /** mikko's session speaks Finnish; the requests ask for Swedish in Accept-Language. */
  let mikko: string;
  /** The app on a real port, with a request timeout of half a second. */
  let listening: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    // No ledger check after each test: nothing here gets past the transport, so nothing writes.
    ctx = await openTestContext(kind, { ledgerCheck: false });
    mikko = await ctx.login('mikko');
    listening = await buildApp({
      db: ctx.database.db,
      listen: ctx.database.listen,
      config: testConfig,
      timeouts: { requestMs: 500, headersMs: 500, checkIntervalMs: 100 },
    });
    port = Number(new URL(await listening.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    await listening.close();
    await ctx.close();
  });

  const get = (url: string, token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'sv-SE', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('a bad URL and an over-long path parameter answer in the signed-in user’s language, else in Accept-Language’s', async () => {
    for (const [url, status, type] of [
      ['/api/Orders/%zz', 400, 'BAD_URL'],
      [`/api/Orders/${'1'.repeat(200)}`, 414, 'URL_TOO_LONG'],
    ] as const) {
      const signedIn = await get(url, mikko);
      expect(signedIn.statusCode, url).toBe(status);
      expect(signedIn.json(), url).toEqual({
        error: { type, message: fi(`errors.${type}`), httpDescription: expect.any(String) },
        info: { userLogin: 'mikko' },
      });
      const anonymous = await get(url);
      expect(anonymous.json().error.message, url).toBe(sv(`errors.${type}`));
      expect(anonymous.json().info.userLogin, url).toBeNull();
      // A token that opens no session is no user: Accept-Language.
      expect((await get(url, 'made-up-token')).json().error.message, url).toBe(sv(`errors.${type}`));
    }
  });

  it('headers over Node’s limit answer 431 in the envelope, in the user’s language when the token is among them', async () => {
    const request = (authorization: string) =>
      `GET /api/Orders?term=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n${authorization}Accept-Language: sv-SE\r\n\r\n`;
    const signedIn = parse(await rawExchange(port, request(`Authorization: Bearer ${mikko}\r\n`)));
    expect(signedIn.status).toBe(431);
    expect(signedIn.body).toMatchObject({
      error: { type: 'URL_TOO_LONG', message: fi('errors.URL_TOO_LONG') },
      info: { userLogin: 'mikko' },
    });
    const anonymous = parse(await rawExchange(port, request('')));
    expect(anonymous.status).toBe(431);
    expect(anonymous.body).toMatchObject({ error: { message: sv('errors.URL_TOO_LONG') }, info: { userLogin: null } });
  });

  it('a body that stops half-way answers 408 in the envelope, in the user’s language, and the connection closes', async () => {
    const partial = (authorization: string) =>
      'POST /api/OrderComments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n' +
      `${authorization}Accept-Language: sv-SE\r\n\r\n{"orderId": 1, "te`;
    const signedIn = parse(await rawExchange(port, partial(`Authorization: Bearer ${mikko}\r\n`)));
    expect(signedIn.status).toBe(408);
    expect(signedIn.body).toEqual({
      error: { type: 'REQUEST_TIMEOUT', message: fi('errors.REQUEST_TIMEOUT'), httpDescription: 'Request Timeout' },
      info: { userLogin: 'mikko' },
    });
    const anonymous = parse(await rawExchange(port, partial('')));
    expect(anonymous.status).toBe(408);
    expect(anonymous.body).toMatchObject({
      error: { type: 'REQUEST_TIMEOUT', message: sv('errors.REQUEST_TIMEOUT') },
      info: { userLogin: null },
    });
  });

  it('headers that stop half-way answer 408 too', async () => {
    const answer = parse(await rawExchange(port, 'GET /api/Orders HTTP/1.1\r\nHost: localhost\r\nAccept-Language: sv-SE\r\nX-Slow: '));
    expect(answer.status).toBe(408);
    expect(answer.body.error.type).toBe('REQUEST_TIMEOUT');
  });

  it('the portal’s own server waits two minutes at most for a request and closes idle connections', () => {
    const server = ctx.app.server;
    expect(server.requestTimeout).toBe(120_000);
    expect(server.headersTimeout).toBe(30_000);
    expect(server.timeout).toBe(120_000);
    expect(server.keepAliveTimeout).toBe(72_000);
  });
});
