/**
 * POST Orders: creates an order or updates a draft (ZSaveOrderRequest). `draft: true` keeps it
 * at 0, `draft: false` sends it (a purchase to 1 Ordered). Field errors come back in
 * `ApiError.fields` keyed by path ("lines.0.quantityOrdered", "dateSend").
 */
import type { Order, SaveOrderRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { ordersListKey } from './get-orders';

/** Saves an order; answers the saved order. */
export function saveOrder(request: SaveOrderRequest): Promise<Order> {
  return api<Order>('POST', 'Orders', { body: request });
}

/** The save; on success the order is cached and every orders list refreshed. */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: ordersListKey });
    },
  });
}
