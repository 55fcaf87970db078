/** GET Orders/{id}: one order with lines, addresses, references and history (ZOrder). */
import type { Order } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api';

/** Fetches one order; throws `ApiError` 404 when it does not exist or is outside the caller's scope. */
export function getOrder(id: number, signal?: AbortSignal): Promise<Order> {
  return api<Order>('GET', `Orders/${id}`, { signal });
}

/** The key every order detail query starts with. */
export const orderDetailKey = ['orders', 'detail'] as const;

/** Query options of one order; a 404 is final, so it is not retried. */
export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...orderDetailKey, id],
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** One order by id. */
export function useOrder(id: number) {
  return useQuery(orderQueryOptions(id));
}
