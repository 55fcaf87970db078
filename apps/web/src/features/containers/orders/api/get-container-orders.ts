/**
 * GET ContainerOrders: the container orders of the caller's locations (provider staff: every
 * location's), newest first, narrowed by location, statuses, a date range on the ordered or
 * wanted day and a term (order number or reference) (docs/container-orders.md).
 */
import type { ContainerOrderStatus, ContainerOrderSummary } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** The key every container-order query starts with: a change to an order makes them all stale. */
export const containerOrdersKey = ['containerOrders'] as const;

/** The list's filters; each left out means any. */
export interface ContainerOrderFilters {
  locationId?: number;
  status?: ContainerOrderStatus[];
  dateField?: 'created' | 'wanted';
  from?: string;
  to?: string;
  term?: string;
}

/** Query options of the list with `filters`. */
export const containerOrdersQueryOptions = (filters: ContainerOrderFilters) =>
  queryOptions({
    queryKey: [...containerOrdersKey, 'list', filters],
    queryFn: ({ signal }) =>
      api<ContainerOrderSummary[]>('GET', 'ContainerOrders', {
        signal,
        query: { ...filters, status: filters.status?.length ? filters.status.join(',') : undefined },
      }),
  });

/** The orders matching `filters`. */
export function useContainerOrders(filters: ContainerOrderFilters) {
  return useQuery(containerOrdersQueryOptions(filters));
}
