/**
 * POST CacheEmpty (global admins): empties one cache, or all when no name is given, on every
 * server process; answers the names emptied.
 */
import type { CacheName } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { cachesKey } from './get-caches';

/** Empties a cache (`name`) or all (undefined); the list is read again afterwards. */
export function useEmptyCaches() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: CacheName | undefined) => api<{ emptied: CacheName[] }>('POST', 'CacheEmpty', { body: name ? { name } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cachesKey }),
  });
}
