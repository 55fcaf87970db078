/**
 * GET Inventory (spec section 3, "Inventory"; docs/domain.md, "Balance screen"): the balance per
 * product of one location, or of all locations in the caller's scope summed. Money (credit /
 * owes) comes only for users who may see it; the others get null.
 */
import type { Inventory } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LocationChoice } from '../lib/location-choice';

/** The query key of every balance read (saving a stock level refreshes them). */
export const inventoryKey = ['inventory'] as const;

/** Query options of the balance of a location, or of all locations (`'all'`). */
export const inventoryQueryOptions = (choice: LocationChoice) =>
  queryOptions({
    queryKey: [...inventoryKey, choice],
    queryFn: ({ signal }) =>
      api<Inventory>('GET', 'Inventory', { signal, query: choice === 'all' ? { all: true } : { locationId: choice } }),
    staleTime: 30_000,
  });

/** The balance of the chosen location(s); the previous answer stays shown while another loads. */
export function useInventory(choice: LocationChoice) {
  return useQuery({ ...inventoryQueryOptions(choice), placeholderData: keepPreviousData });
}
