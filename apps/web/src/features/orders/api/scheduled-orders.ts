/**
 * Scheduled (recurring) orders (docs/domain.md, "Scheduled orders"): GET ScheduledOrders of the
 * acting location by kind (1 Orders > Scheduled, 2 Dispatch > Scheduled pickups), POST
 * ScheduledOrders (create or update; its orders of the next 14 days are placed at once) and
 * DELETE ScheduledOrders/{id} (stopped, kept inactive).
 */
import type { SaveScheduledOrderRequest, ScheduledOrder } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateOrderLists } from './set-order-status';

const scheduledKey = ['scheduledOrders'] as const;

/** Query options of a location's scheduled orders of one kind, stopped ones included. */
export const scheduledOrdersQueryOptions = (locationId: number, transactionTypeId: 1 | 2) =>
  queryOptions({
    queryKey: [...scheduledKey, locationId, transactionTypeId],
    queryFn: ({ signal }) =>
      api<ScheduledOrder[]>('GET', 'ScheduledOrders', { signal, query: { locationId, transactionTypeId, includeInactive: true } }),
  });

/** The scheduled orders of the list. */
export function useScheduledOrders(locationId: number | null, transactionTypeId: 1 | 2) {
  return useQuery({ ...scheduledOrdersQueryOptions(locationId ?? 0, transactionTypeId), enabled: locationId !== null });
}

function useScheduleMutation<V>(call: (value: V) => Promise<ScheduledOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduledKey }),
        queryClient.invalidateQueries({ queryKey: ['scheduleFill'] }),
        invalidateOrderLists(queryClient),
      ]),
  });
}

/** Creates or updates a scheduled order. */
export function useSaveScheduledOrder() {
  return useScheduleMutation((request: SaveScheduledOrderRequest) => api<ScheduledOrder>('POST', 'ScheduledOrders', { body: request }));
}

/** Stops a scheduled order; its orders still at Ordered from today on are cancelled. */
export function useStopScheduledOrder() {
  return useScheduleMutation((id: number) => api<ScheduledOrder>('DELETE', `ScheduledOrders/${id}`));
}
