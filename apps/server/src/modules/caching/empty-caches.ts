/**
 * POST CacheEmpty: a global admin empties one cache (`name`) or every cache, on every server
 * process (docs/caching.md). One transaction writes the log row (kind `cacheEmpty`, with the
 * entries each cache held here) and NOTIFYs CACHE_CHANNEL, which PostgreSQL delivers to every
 * process's listener when it commits; this process empties its own at once after the commit,
 * so the answer and the next call already see the caches empty.
 */
import type { CacheName } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../plugins/auth.js';
import { writeLog } from '../global/write-log.js';
import { requireCacheAdmin } from './access.js';
import { notifyCaches } from './notify.js';
import type { CacheRegistry } from './registry.js';

/**
 * Empties `name` (or all caches, when not given) everywhere and answers the names emptied.
 * @throws FORBIDDEN unless a global admin (access.ts)
 */
export async function emptyCaches(
  db: Db,
  auth: AuthContext,
  registry: CacheRegistry,
  name: CacheName | undefined,
  request?: FastifyRequest,
): Promise<CacheName[]> {
  requireCacheAdmin(auth);
  const held = Object.fromEntries(
    registry
      .list()
      .filter((cache) => !name || cache.name === name)
      .map((cache) => [cache.name, cache.entries]),
  );
  await db.transaction(async (tx) => {
    await writeLog(tx, {
      level: 'info',
      kind: 'cacheEmpty',
      message: name ? `Cache emptied: ${name}` : 'All caches emptied',
      request,
      auth,
      data: { cache: name ?? null, entries: held },
    });
    await notifyCaches(tx, name ? { cache: name } : {});
  });
  return registry.empty(name);
}
