/**
 * The other party of a new order (spec section 5, "Location picker"; section 7: GET locations?
 * transactiontype=): active locations only (statusId 1), never the acting one, each once. The
 * server already answers so; the list is filtered again here so the picker keeps the rule
 * whatever the answer holds. External receivers come from GET ExternalLocations
 * (features/company/external-locations/api.ts).
 */
import type { Location } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Keeps active locations other than `currentId`, the first of each id. */
export function pickableLocations<L extends { id: number; statusId: number }>(list: readonly L[], currentId: number | null): L[] {
  const seen = new Set<number>();
  return list.filter((location) => {
    if (location.statusId !== 1 || location.id === currentId || seen.has(location.id)) return false;
    seen.add(location.id);
    return true;
  });
}

/** Candidate other parties of an order of `transactionTypeId` (1 purchase, 2 sale, 3 delivery). */
export const orderLocationsQueryOptions = (transactionTypeId: number) =>
  queryOptions({
    queryKey: ['orderLocations', transactionTypeId],
    queryFn: ({ signal }) => api<Location[]>('GET', 'locations', { signal, query: { transactiontype: transactionTypeId } }),
    staleTime: 5 * 60 * 1000,
  });

/** The candidates, filtered by the picker's rule. */
export function useOrderLocations(transactionTypeId: number, currentId: number | null, enabled = true) {
  return useQuery({
    ...orderLocationsQueryOptions(transactionTypeId),
    enabled,
    select: (list) => pickableLocations(list, currentId),
  });
}
