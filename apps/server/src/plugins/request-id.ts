/**
 * The request id (docs/operations.md, "Logs"): the `reqId` of each of a request's log lines, the
 * request id of the application log (Global > Log), and the `X-Request-Id` header of every answer.
 * Behind a reverse proxy (TRUST_PROXY set) a request from one of the proxies it names keeps the
 * id the proxy sends in `X-Request-Id`, when that is a sane value (`saneRequestId`), so the
 * proxy's log and the portal's name a request alike. Otherwise (no TRUST_PROXY, a request from
 * any other address, no header, or a value that is not sane) the id is made here as Fastify
 * makes it (`req-1`, `req-2`, ... counted in base 36 by each process): a client must not choose
 * the ids in our logs.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The header a proxy's request id comes in, and every answer's carries (lower case, as Node names headers). */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A value that may stand in our logs: 1 to 128 letters, digits and `. _ : + / = -` (a UUID,
 * nginx's hex `$request_id`, HAProxy's `unique-id-format`, base64). Nothing that could break a
 * log line or a header (spaces, quotes, control characters, a list joined by a comma).
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** `value` when it is a sane request id (a single header value, SANE_REQUEST_ID), else null. */
export function saneRequestId(value: unknown): string | null {
  return typeof value === 'string' && SANE_REQUEST_ID.test(value) ? value : null;
}

/**
 * Fastify's `genReqId` option for the proxies of TRUST_PROXY (`parseTrustProxy` in config.ts;
 * false: none): the proxy's sane `X-Request-Id` when the request's peer is one of them, else
 * the next id of this process's own count (`req-<n>`, n in base 36 from 1, as Fastify's own).
 */
export function requestIdGenerator(trustProxy: false | string[]): (request: IncomingMessage) => string {
  const maxCount = 2147483647; // Fastify's bound: the count stays a small integer
  let count = 0;
  const next = () => {
    count = (count + 1) & maxCount;
    return `req-${count.toString(36)}`;
  };
  if (!trustProxy) return next;
  const isProxy = proxyAddr.compile(trustProxy);
  return (request) => {
    const peer = request.socket?.remoteAddress;
    const fromProxy = peer !== undefined && isProxy(peer, 0);
    return (fromProxy && saneRequestId(request.headers[REQUEST_ID_HEADER])) || next();
  };
}

/** Answers every request with its id in `X-Request-Id` (register first: the 404s and errors get it too). */
export const requestIdHeader = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
});
