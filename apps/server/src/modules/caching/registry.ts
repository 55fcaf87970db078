/**
 * The caches of a server process (Global > Caching, issue 10; docs/caching.md): named maps
 * with a lifetime (TTL) and a size bound, counted hits and misses, and one registry per app
 * that lists and empties them. An empty reaches every server process through PostgreSQL
 * NOTIFY on CACHE_CHANNEL (./notify.ts); each process's registry applies what it hears.
 */
import type { CacheInfo, CacheName } from '@portal/domain';

interface Entry<V> {
  value: V;
  /** When the entry was stored (ms since the epoch). */
  at: number;
  /** When it stops being good (ms since the epoch). */
  until: number;
}

/** How a cache keeps its entries. */
export interface CacheOptions {
  /** Lifetime of an entry in ms; 0 turns the cache off (nothing is kept); null keeps entries until emptied. */
  ttlMs: number | null;
  /** At most this many entries: a new one beyond it drops the oldest. */
  maxEntries: number;
}

/**
 * One named cache. Reads count as hits or misses. `generation` changes on every invalidation,
 * so a value read from the database before an empty (or a revoked session) and stored after it
 * is dropped instead of stored (`set` with the generation taken before the read).
 */
export class NamedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private hits = 0;
  private misses = 0;
  private emptiedAt = Date.now();
  private gen = 0;

  constructor(
    readonly name: CacheName,
    readonly options: CacheOptions,
  ) {}

  /** The invalidation counter: take it before reading what `set` will store. */
  get generation(): number {
    return this.gen;
  }

  /** The live entry of `key` (a hit), or undefined (a miss; an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && (entry.until > Date.now() || this.options.ttlMs === null)) {
      this.hits += 1;
      return entry.value;
    }
    if (entry) this.entries.delete(key);
    this.misses += 1;
    return undefined;
  }

  /**
   * Stores `value` under `key`, unless the cache is off or was invalidated since `generation`
   * (the value may be stale then).
   */
  set(key: string, value: V, generation = this.gen): void {
    const ttl = this.options.ttlMs;
    if (ttl === 0 || generation !== this.gen) return;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const now = Date.now();
    this.entries.set(key, { value, at: now, until: ttl === null ? Number.POSITIVE_INFINITY : now + ttl });
  }

  /** The cached value of `key`, or `load()`'s, stored for next time. */
  async load(key: string, load: () => Promise<V>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const generation = this.gen;
    const value = await load();
    this.set(key, value, generation);
    return value;
  }

  /** The same for a value computed without the database (the mail texts). */
  loadSync(key: string, load: () => V): V {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    const value = load();
    this.set(key, value);
    return value;
  }

  /** Drops one entry (the caller's own session before and after its writes). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops the entries whose value matches (the sessions of one user); answers how many. */
  deleteWhere(matches: (value: V) => boolean): number {
    this.gen += 1;
    let dropped = 0;
    for (const [key, entry] of this.entries) {
      if (matches(entry.value)) {
        this.entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  /** Empties the cache. */
  clear(): void {
    this.gen += 1;
    this.entries.clear();
    this.emptiedAt = Date.now();
  }

  /** Size, age of the oldest live entry, TTL, hits and misses (expired entries are dropped first). */
  info(): CacheInfo {
    const now = Date.now();
    let oldest: number | null = null;
    for (const [key, entry] of this.entries) {
      if (entry.until <= now) this.entries.delete(key);
      else if (oldest === null || entry.at < oldest) oldest = entry.at;
    }
    const ttl = this.options.ttlMs;
    return {
      name: this.name,
      entries: this.entries.size,
      ageSeconds: oldest === null ? null : Math.floor((now - oldest) / 1000),
      ttlSeconds: ttl === null ? null : Math.round(ttl / 1000),
      hits: this.hits,
      misses: this.misses,
      emptiedAt: new Date(this.emptiedAt).toISOString(),
    };
  }
}

/**
 * What a NOTIFY on CACHE_CHANNEL carries (JSON): `cache` empties that cache, none empties all;
 * with `cache: 'sessions'`, `userId` drops only the sessions in which that user signed in or is
 * acted as, and `sessionId` only that session.
 */
export interface CacheMessage {
  cache?: CacheName;
  userId?: number;
  sessionId?: number;
}

/** The session cache's values: what `deleteWhere` looks at for a `userId` or `sessionId`. */
export interface SessionLike {
  sessionId: number;
  loginUser: { id: number };
  user: { id: number };
}

/** The caches of one app (a server process holds one app). */
export class CacheRegistry {
  private readonly caches = new Map<CacheName, NamedCache<unknown>>();

  /** Adds a cache (each name once) and answers it. */
  add<V>(cache: NamedCache<V>): NamedCache<V> {
    if (this.caches.has(cache.name)) throw new Error(`Cache ${cache.name} is registered twice`);
    this.caches.set(cache.name, cache as NamedCache<unknown>);
    return cache;
  }

  /** Whether a cache of this name is registered. */
  has(name: CacheName): boolean {
    return this.caches.has(name);
  }

  /** Every cache's size and age, in the order they were registered. */
  list(): CacheInfo[] {
    return [...this.caches.values()].map((cache) => cache.info());
  }

  /** Empties one cache, or all; answers the names emptied. */
  empty(name?: CacheName): CacheName[] {
    const names = name ? [name] : [...this.caches.keys()];
    for (const n of names) this.caches.get(n)?.clear();
    return names.filter((n) => this.caches.has(n));
  }

  /** Applies a message heard on CACHE_CHANNEL (a malformed one empties everything, to be safe). */
  apply(message: CacheMessage): void {
    const { cache, userId, sessionId } = message;
    if (cache === 'sessions' && (userId !== undefined || sessionId !== undefined)) {
      const sessions = this.caches.get('sessions') as NamedCache<SessionLike | null> | undefined;
      sessions?.deleteWhere((auth) => !!auth && (auth.sessionId === sessionId || auth.loginUser.id === userId || auth.user.id === userId));
      return;
    }
    this.empty(cache && this.caches.has(cache) ? cache : undefined);
  }
}
