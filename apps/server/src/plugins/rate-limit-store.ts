/**
 * The store of `@fastify/rate-limit` in the database (issue 21, "Several processes"): every
 * server process counts in the table rate_limit_counters, so a limit of 10 per 15 minutes stays
 * 10 however many processes a proxy spreads the calls over (the library's own store counts in
 * each process's memory, where three processes made it 30). On PGlite, one process, it counts
 * the same way.
 *
 * A counter is a fixed window, as the library's LocalStore counts: the first hit of a key opens
 * a window of `timeWindow` ms, later hits in it add one, the first hit after it opens a new
 * one. Each hit is one atomic upsert on the database's clock, so hits of several processes at
 * once are all counted and every process agrees on when a window ends. The scheduler deletes
 * ended windows (`deleteEndedRateLimitWindows`). `continueExceeding` and `exponentialBackoff`
 * are not supported (the portal uses neither).
 *
 * Store API: `@fastify/rate-limit` 11 (README, "Custom stores"; store/LocalStore.js): the
 * plugin constructs the store with its global options, calls `child(params)` once per limited
 * route or `createRateLimit` / `rateLimit` limiter, and `incr` / `read` with
 * `(key, callback, timeWindow, max)` answering `{ current, ttl }` (ttl in ms).
 */
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { type Db, rows, sql } from '../db/client.js';

/**
 * Options of a limiter made with `app.rateLimit` / `app.createRateLimit` (no route): `scope`
 * names its counters, which otherwise would share one scope with every other such limiter.
 */
export interface ScopedLimit {
  max: number;
  timeWindow: string | number;
  /** The limit's own name in rate_limit_counters (e.g. `not-found`). */
  scope: string;
}

interface ChildParams {
  scope?: string;
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The scope of a child store: the limiter's `scope`, else the route's methods and pattern. */
function scopeOf(params: ChildParams): string {
  if (params.scope) return params.scope;
  const method = [params.routeInfo?.method ?? '*'].flat().join(',');
  if (params.routeInfo?.url) return `${method} ${params.routeInfo.url.toLowerCase()}`;
  // A limiter without a route or a scope would share its counters with every other one.
  throw new Error('A rate limit outside a route needs a `scope` (plugins/rate-limit-store.ts)');
}

/**
 * The store class for `@fastify/rate-limit`'s `store` option, counting in `db`.
 * @example app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) })
 */
export function databaseRateLimitStore(db: Db) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    readonly scope: string;
    constructor(options: FastifyRateLimitOptions & ChildParams, scope = '') {
      if (options.continueExceeding || options.exponentialBackoff) {
        throw new Error('The database rate-limit store supports neither continueExceeding nor exponentialBackoff');
      }
      this.scope = scope;
    }

    /** Counts one hit of `key`; answers the hits of its window and the ms until the window ends. */
    incr(key: string, callback: Callback, timeWindow?: number, _max?: number): void {
      const ms = Math.max(1, Math.trunc(timeWindow ?? 60_000));
      rows<{ hits: number; ttl: number }>(
        db,
        sql`INSERT INTO rate_limit_counters AS c (scope, key, hits, window_ends_at)
            VALUES (${this.scope}, ${key}, 1, now() + make_interval(secs => ${ms / 1000}))
            ON CONFLICT (scope, key) DO UPDATE SET
              hits = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.hits + 1 END,
              window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
            RETURNING hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl`,
      ).then(
        ([row]) => callback(null, { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl ?? ms)) }),
        (error: Error) => callback(error),
      );
    }

    /** The hits of `key`'s window and the ms until it ends, without counting ({ 0, 0 } outside a window). */
    read(key: string, callback: Callback): void {
      rows<{ hits: number; ttl: number }>(
        db,
        sql`SELECT hits, ceil(extract(epoch FROM window_ends_at - now()) * 1000)::int AS ttl FROM rate_limit_counters
            WHERE scope = ${this.scope} AND key = ${key} AND window_ends_at > now()`,
      ).then(
        ([row]) => callback(null, row ? { current: Number(row.hits), ttl: Math.max(0, Number(row.ttl)) } : { current: 0, ttl: 0 }),
        (error: Error) => callback(error),
      );
    }

    /** The store of one route or limiter: its own counters under its scope. */
    child(params: FastifyRateLimitOptions & ChildParams): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(params, scopeOf(params));
    }
  };
}

/** Deletes the counters whose window has ended (the scheduler's tick); answers how many. */
export async function deleteEndedRateLimitWindows(db: Db): Promise<number> {
  const deleted = await rows<{ n: number }>(
    db,
    sql`WITH d AS (DELETE FROM rate_limit_counters WHERE window_ends_at <= now() RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  return Number(deleted[0]?.n ?? 0);
}
