/**
 * Global > Caching calls (issue 10; docs/caching.md): GET Caches and POST CacheEmpty, for
 * global admins only (403 for anyone else).
 */
import { ZCacheEmptyRequest, ZCacheEmptyResponse, ZCacheInfo } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { ok, typed } from '../http.js';
import { emptyCaches } from './empty-caches.js';
import { listCaches } from './list-caches.js';

export async function cachingRoutes(app: FastifyInstance) {
  const r = typed(app);
  const tags = ['caching'];
  r.get(
    '/Caches',
    {
      schema: {
        tags,
        summary:
          'The caches of the answering server process: name, entries, age of the oldest entry (s), lifetime (s; null: until emptied), hits, misses, last emptied; global admins only',
        response: { 200: ok(z.array(ZCacheInfo)) },
      },
    },
    async (request) => ({ data: listCaches(requireAuth(request), app.caches.registry) }),
  );
  r.post(
    '/CacheEmpty',
    {
      schema: {
        tags,
        summary:
          'Empty one cache (`name`) or all (no name) on every server process (PostgreSQL NOTIFY); logged as cacheEmpty. 400 for an unknown name; global admins only',
        body: ZCacheEmptyRequest,
        response: { 200: ok(ZCacheEmptyResponse) },
      },
    },
    async (request) => ({
      data: { emptied: await emptyCaches(app.db, requireAuth(request), app.caches.registry, request.body.name, request) },
    }),
  );
}
