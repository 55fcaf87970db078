/**
 * How long the server waits for a client (issue 20; docs/domain.md, "Input"; OWASP ASVS 4.0.3
 * V11.1.4, anti-automation against exhausting resources): a request whose headers or body stop
 * coming would otherwise hold its connection without end (slowloris). Past a limit the request
 * answers 408 REQUEST_TIMEOUT in the portal's envelope (plugins/error-envelope.ts) and its
 * connection closes.
 */
import type { ServerOptions } from 'node:http';

/** The server's timeouts, in milliseconds. */
export interface ServerTimeouts {
  /** The whole request, headers and body, must arrive within this (Node's requestTimeout). A 12 MB upload needs 0.8 Mbit/s. */
  requestMs: number;
  /** The headers must arrive within this (Node's headersTimeout; at most `requestMs`). */
  headersMs: number;
  /**
   * A connection with no traffic either way for this long is closed (Fastify's
   * connectionTimeout). Longer than the longest answer the server thinks about: a sign-in is held
   * up to a minute for its turn (modules/auth/throttle.ts).
   */
  idleMs: number;
  /** An idle keep-alive connection stays open this long for the next request (longer than a load balancer's usual 60 s). */
  keepAliveMs: number;
  /** How often Node checks the connections against `requestMs` and `headersMs` (so a limit is met within this much more). */
  checkIntervalMs: number;
}

/** The portal's timeouts. */
export const serverTimeouts: ServerTimeouts = {
  requestMs: 120_000,
  headersMs: 30_000,
  idleMs: 120_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};

/** The Fastify options that set `timeouts` (an HTTP/1.1 server's). */
export function timeoutOptions(timeouts: ServerTimeouts): {
  requestTimeout: number;
  connectionTimeout: number;
  keepAliveTimeout: number;
  http: ServerOptions;
} {
  return {
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
  };
}
