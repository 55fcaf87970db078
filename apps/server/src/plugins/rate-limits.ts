/**
 * Rate limits of cheap unauthenticated traffic, per client address (`request.ip`, so
 * TRUST_PROXY decides what an address is; an IPv6 address counts by its /64), with
 * `@fastify/rate-limit` as POST Login's limit is (OWASP ASVS 4.0.3 V2.2.1 and V11.1.4,
 * anti-automation; docs/domain.md, "Sign-in"). Over a limit the call answers 429 RATE_LIMITED
 * until the minute is over.
 * - NOT_FOUND_LIMIT: calls of no route (404). As the fastify/demo project does, the 404
 *   handler's preHandler runs the limiter (`limitNotFound`), so only 404s count.
 * - UNKNOWN_TOKEN_LIMIT: bearer tokens that open no session (forged, expired, revoked). Only
 *   those count (`unknownTokenLimit`); once an address is over the limit, its tokens that the
 *   session cache does not know are refused before the session table is asked.
 * Every limit of the portal counts in the database, shared by all server processes
 * (rate-limit-store.ts, issue 21).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScopedLimit } from './rate-limit-store.js';

/** 404s per client address and minute (counted in the database: rate-limit-store.ts). */
export const NOT_FOUND_LIMIT = { max: 60, timeWindow: '1 minute', scope: 'not-found' } as const satisfies ScopedLimit;
/** Bearer tokens without a session per client address and minute (counted in the database). */
export const UNKNOWN_TOKEN_LIMIT = { max: 60, timeWindow: '1 minute', scope: 'unknown-token' } as const satisfies ScopedLimit;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
const notFoundLimiters = new WeakMap<FastifyInstance, Hook>();

/**
 * The 404 handler's preHandler: counts the call against NOT_FOUND_LIMIT and throws a 429
 * error (the error envelope's RATE_LIMITED) when the address is over it. Needs
 * `@fastify/rate-limit` registered on the app (made on first use, so it may be set before).
 */
export async function limitNotFound(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  let limiter = notFoundLimiters.get(this);
  if (!limiter) {
    limiter = this.rateLimit(NOT_FOUND_LIMIT) as Hook;
    notFoundLimiters.set(this, limiter);
  }
  await limiter(request, reply);
}

/**
 * The counter of UNKNOWN_TOKEN_LIMIT for the auth plugin and the hand-over: `exceeded` reads
 * whether the caller's address is over the limit (without counting); `count` counts one
 * unknown token and answers whether the address is over the limit now.
 */
export function unknownTokenLimit(app: FastifyInstance) {
  const limiter = app.createRateLimit(UNKNOWN_TOKEN_LIMIT);
  const over = (state: Awaited<ReturnType<typeof limiter>>) => !state.isAllowed && state.isExceeded;
  return {
    exceeded: async (request: FastifyRequest): Promise<boolean> => over(await limiter(request, { increment: false })),
    count: async (request: FastifyRequest): Promise<boolean> => over(await limiter(request)),
  };
}
