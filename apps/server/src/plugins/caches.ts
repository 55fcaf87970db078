/**
 * The caches of this server process (Global > Caching, issue 10; docs/caching.md), on
 * `app.caches`: resolved sessions (plugins/auth.ts), the product catalogue, truck types,
 * provider closures by country (GET Days), countries, and the texts of order mails. Every
 * process LISTENs on CACHE_CHANNEL and applies each message it hears (an empty, a revoked
 * session) to its own caches; a lost LISTEN connection empties every cache once it is back.
 */
import type { Product, TruckType } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { CACHE_CHANNEL, parseCacheMessage } from '../modules/caching/notify.js';
import { CacheRegistry, NamedCache } from '../modules/caching/registry.js';
import { mailTextsCache } from '../modules/mail/order-mail.js';
import type { AuthContext } from './auth.js';

/** A row of the countries table as the caches keep it. */
export interface CountryRow {
  id: string;
  name: string;
  zipCodeMask: string;
  isAvailable: boolean;
  isDefault: boolean;
}

/** The caches of one app, typed, and their registry (GET Caches, POST CacheEmpty). */
export interface PortalCaches {
  registry: CacheRegistry;
  /** Resolved sessions by token hash (null is never stored: unknown tokens are not cached). */
  sessions: NamedCache<AuthContext | null>;
  /** GET products by `${locale}|${all}`. */
  products: NamedCache<Product[]>;
  /** Truck types by locale (GET TruckTypes, POST Actions TruckTypes). */
  truckTypes: NamedCache<TruckType[]>;
  /** Provider closure days (yyyy-MM-dd) by country (GET Days). */
  days: NamedCache<string[]>;
  /** The countries table, one entry (GET AddressCountryRegions, POST Actions Preload). */
  countries: NamedCache<CountryRow[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: PortalCaches;
  }
}

/** Seconds from an environment variable: a number >= 0, else `fallback`. */
function seconds(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** How the app hears other processes: `Database.listen`; without it only this app's own empties apply. */
export interface CachesOptions {
  listen?: Database['listen'];
}

export const cachesPlugin = fp(async (app: FastifyInstance, options: CachesOptions) => {
  const registry = new CacheRegistry();
  // AUTH_CACHE_SECONDS (default 5; 0 turns the cache off): see plugins/auth.ts and docs/caching.md.
  const sessionMs = seconds('AUTH_CACHE_SECONDS', 5) * 1000;
  // LOOKUP_CACHE_SECONDS (default 600; 0 turns them off): the lookups change only by a deployment
  // or by hand in the database, after which a global admin empties them (Global > Caching).
  const lookupMs = seconds('LOOKUP_CACHE_SECONDS', 600) * 1000;
  const caches: PortalCaches = {
    registry,
    sessions: registry.add(new NamedCache<AuthContext | null>('sessions', { ttlMs: sessionMs, maxEntries: 10_000 })),
    products: registry.add(new NamedCache<Product[]>('products', { ttlMs: lookupMs, maxEntries: 50 })),
    truckTypes: registry.add(new NamedCache<TruckType[]>('truckTypes', { ttlMs: lookupMs, maxEntries: 50 })),
    days: registry.add(new NamedCache<string[]>('days', { ttlMs: lookupMs, maxEntries: 50 })),
    countries: registry.add(new NamedCache<CountryRow[]>('countries', { ttlMs: lookupMs, maxEntries: 5 })),
  };
  // The mail texts come from the message catalogue, one cache per process (modules/mail/order-mail.ts).
  registry.add(mailTextsCache);
  app.decorate('caches', caches);

  if (options.listen) {
    const unlisten = await options.listen(
      CACHE_CHANNEL,
      (payload) => registry.apply(parseCacheMessage(payload)),
      // Messages sent while the connection was down are lost: anything may have changed.
      () => registry.empty(),
    );
    app.addHook('onClose', async () => {
      await unlisten();
    });
  }
});
