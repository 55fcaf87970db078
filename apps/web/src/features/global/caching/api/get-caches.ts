/**
 * GET Caches (global admins): the caches of the server process that answers, each with its
 * entries, the age of its oldest entry, its lifetime, hits and misses (docs/caching.md).
 */
import type { CacheInfo } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** The key of the caches list: an empty makes it stale. */
export const cachesKey = ['caches'] as const;

/** Query options of the list; it is read again every 10 s while the page is open (sizes and ages change). */
export const cachesQueryOptions = () =>
  queryOptions({
    queryKey: cachesKey,
    queryFn: ({ signal }) => api<CacheInfo[]>('GET', 'Caches', { signal }),
    refetchInterval: 10_000,
  });

/** The caches of the answering server process. */
export function useCaches() {
  return useQuery(cachesQueryOptions());
}
