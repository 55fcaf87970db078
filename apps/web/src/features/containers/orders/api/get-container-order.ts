/**
 * GET ContainerOrders/{id}: one container order with its history and the steps the caller may
 * make now (docs/container-orders.md).
 */
import type { ContainerOrder } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { containerOrdersKey } from './get-container-orders';

/** Query options of one order. */
export const containerOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...containerOrdersKey, 'one', id],
    queryFn: ({ signal }) => api<ContainerOrder>('GET', `ContainerOrders/${id}`, { signal }),
  });

/** One order (disabled without a valid id). */
export function useContainerOrder(id: number | null) {
  return useQuery({ ...containerOrderQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
