/** GET TruckTypes: the truck types (spec section 3), to name an order's truck type. */
import type { TruckType } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Fetches all truck types. */
export function getTruckTypes(signal?: AbortSignal): Promise<TruckType[]> {
  return api<TruckType[]>('GET', 'TruckTypes', { signal });
}

/** Query options of the truck types; they rarely change. */
export const truckTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['truckTypes'],
    queryFn: ({ signal }) => getTruckTypes(signal),
    staleTime: 60 * 60 * 1000,
  });

/** The truck types (only fetched when `enabled`). */
export function useTruckTypes(enabled = true) {
  return useQuery({ ...truckTypesQueryOptions(), enabled });
}
