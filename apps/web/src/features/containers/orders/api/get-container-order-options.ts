/**
 * GET ContainerOrderOptions: the container-active locations the caller may order for and the
 * container products (the new-order dialog and the list's location filter).
 */
import type { ContainerOrderOptions } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { containerOrdersKey } from './get-container-orders';

/** Query options of the choices; they change rarely. */
export const containerOrderOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [...containerOrdersKey, 'options'],
    queryFn: ({ signal }) => api<ContainerOrderOptions>('GET', 'ContainerOrderOptions', { signal }),
    staleTime: 5 * 60_000,
  });

/** The locations and products to choose from. */
export function useContainerOrderOptions() {
  return useQuery(containerOrderOptionsQueryOptions());
}
