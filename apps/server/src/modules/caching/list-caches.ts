/**
 * GET Caches: the caches of the process that answers, each with its entries, the age of its
 * oldest entry, its lifetime and its hits and misses (docs/caching.md). Every process keeps its
 * own; an empty reaches them all.
 */
import type { CacheInfo } from '@portal/domain';
import type { AuthContext } from '../../plugins/auth.js';
import { requireCacheAdmin } from './access.js';
import type { CacheRegistry } from './registry.js';

/** @throws FORBIDDEN unless a global admin (access.ts) */
export function listCaches(auth: AuthContext, registry: CacheRegistry): CacheInfo[] {
  requireCacheAdmin(auth);
  return registry.list();
}
