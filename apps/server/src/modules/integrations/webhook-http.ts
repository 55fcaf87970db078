/**
 * The guarded HTTP POST of a webhook delivery (issue 23, "Guard the sender"; docs/integrations.md,
 * "Webhooks"): the host is resolved here and every address it resolves to must be public
 * (no loopback, private, link-local, unique-local, multicast, reserved or unspecified address,
 * by ipaddr.js's ranges) unless `allowPrivate` (tests, a receiver on the same machine); the
 * connection goes to the address checked (the check sits in the socket's own `lookup`, so a DNS
 * answer cannot change between check and connect); redirects are not followed (an answer is an
 * answer); the whole attempt has a deadline; at most MAX_ANSWER_BYTES of the answer are read.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The most bytes of an answer read (the rest is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** An attempt's outcome: the answer's status, or why none came (timeout, blockedAddress, connection). */
export interface AttemptResult {
  statusCode: number | null;
  error: 'timeout' | 'blockedAddress' | 'connection' | null;
  durationMs: number;
}

export interface PostOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** Whether an IP address is one a webhook may be sent to: public unicast only. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

class BlockedAddress extends Error {}

/** A `lookup` for the socket that refuses any non-public address (unless allowed). */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const blocked = !allowPrivate && addresses.some((a) => !isPublicAddress(a.address));
      if (blocked || addresses.length === 0) return callback(new BlockedAddress(hostname), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}

/** POSTs `body` to `url` with `headers` under the guard; never throws. */
export function postWebhook(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<AttemptResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: AttemptResult['error']): AttemptResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const target = new URL(url);
    // A literal address in the URL never passes through lookup: checked here.
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(literal) && !options.allowPrivate && !isPublicAddress(literal)) return settle(done(null, 'blockedAddress'));
    const client = target.protocol === 'https:' ? https : http;
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body).toString() },
        lookup: guardedLookup(options.allowPrivate),
        agent: false,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const finish = () => settle(done(response.statusCode ?? null, null));
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    timer = setTimeout(() => {
      request.destroy();
      settle(done(null, 'timeout'));
    }, options.timeoutMs);
    request.on('error', (error) => settle(done(null, error instanceof BlockedAddress ? 'blockedAddress' : 'connection')));
    request.end(body);
  });
}
