/** GET BalanceLocations: the locations whose balance the user may read (their scope), the acting one first. */
import type { BalanceLocation } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const balanceLocationsQueryOptions = () =>
  queryOptions({
    queryKey: ['balanceLocations'],
    queryFn: ({ signal }) => api<BalanceLocation[]>('GET', 'BalanceLocations', { signal }),
    staleTime: 5 * 60_000,
  });

/** The locations of the balance screen's location select. */
export function useBalanceLocations() {
  return useQuery(balanceLocationsQueryOptions());
}
