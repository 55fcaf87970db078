/**
 * Cache invalidation across server processes (docs/caching.md): a write that changes what a
 * cache holds, or revokes a session, NOTIFYs CACHE_CHANNEL inside its own transaction.
 * PostgreSQL delivers a notification only when (and if) the transaction commits, to every
 * connection LISTENing on the channel: each server process's listener (Database.listen,
 * db/client.ts) then applies it to its caches (CacheRegistry.apply). PGlite delivers it the
 * same way inside its one process.
 */
import { cacheNames } from '@portal/domain';
import { sql, type Tx } from '../../db/client.js';
import type { CacheMessage } from './registry.js';

/** The one channel every cache message goes through. */
export const CACHE_CHANNEL = 'portal_cache';

/** Queues `message` for every process; sent when `tx` commits, dropped if it rolls back. */
export async function notifyCaches(tx: Tx, message: CacheMessage): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CACHE_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * Tells every process that sessions changed: all of one user's (`userId`: a password change,
 * a deactivation, any admin change of the user's rights) or one (`sessionId`: a logout, a
 * switch). Each process drops those sessions from its cache and reads them again.
 */
export function notifySessions(tx: Tx, which: { userId: number } | { sessionId: number }): Promise<void> {
  return notifyCaches(tx, { cache: 'sessions', ...which });
}

const positive = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

/** Reads a notification's payload; anything unreadable is `{}` (empty every cache). */
export function parseCacheMessage(payload: string): CacheMessage {
  try {
    const raw = JSON.parse(payload) as Record<string, unknown>;
    const cache = cacheNames.find((name) => name === raw.cache);
    if (!cache) return {};
    const userId = positive(raw.userId);
    const sessionId = positive(raw.sessionId);
    return { cache, ...(userId ? { userId } : {}), ...(sessionId ? { sessionId } : {}) };
  } catch {
    return {};
  }
}
