/**
 * Global > Caching (issue 10; docs/caching.md): the caches a server process keeps, listed with
 * their size and age (GET Caches), and emptied one by one or all at once (POST CacheEmpty).
 */
import { z } from 'zod';

/**
 * The caches of a server process: resolved sessions (plugins/auth.ts), the product catalogue,
 * truck types, provider closures by country (GET Days), countries, and the texts of order mails.
 */
export const cacheNames = ['sessions', 'products', 'truckTypes', 'days', 'countries', 'mailTexts'] as const;
export type CacheName = (typeof cacheNames)[number];

/** A cache's name; anything else answers 400 with "No cache has this name". */
export const ZCacheName = z.enum(cacheNames, { message: 'caching.unknownCache' });

/** One cache as GET Caches lists it (this process's view; every process holds its own). */
export const ZCacheInfo = z.object({
  name: ZCacheName,
  /** Entries held now (expired ones not counted). */
  entries: z.number().int(),
  /** Age of the oldest entry in whole seconds; null when the cache is empty. */
  ageSeconds: z.number().int().nullable(),
  /** How long an entry is kept, in seconds; null: until the cache is emptied; 0: the cache is off. */
  ttlSeconds: z.number().int().nullable(),
  /** Reads answered from the cache, and reads that went to the database, since the process started. */
  hits: z.number().int(),
  misses: z.number().int(),
  /** When the cache was last emptied (ISO 8601), or when the process started. */
  emptiedAt: z.string(),
});
export type CacheInfo = z.infer<typeof ZCacheInfo>;

/** POST CacheEmpty: `name` empties that cache; without it every cache is emptied. */
export const ZCacheEmptyRequest = z.object({ name: ZCacheName.optional() });
export type CacheEmptyRequest = z.infer<typeof ZCacheEmptyRequest>;

/** POST CacheEmpty's answer: the caches emptied, on every server process. */
export const ZCacheEmptyResponse = z.object({ emptied: z.array(ZCacheName) });
