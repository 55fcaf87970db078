/**
 * POST OrderStatus: moves an order along the status machine (domain.md). The server refuses a
 * step it does not allow with 409/403 and "Could not set order status: <reason>", and a stale
 * `version` with 409 CONFLICT; the caller shows that message.
 */
import type { Order, SetOrderStatusRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { ordersListKey } from './get-orders';

/** Sets an order's status; answers the updated order. */
export function setOrderStatus(request: SetOrderStatusRequest): Promise<Order> {
  return api<Order>('POST', 'OrderStatus', { body: request });
}

/** The status change; on success the order and every orders list are refreshed. */
export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
      return queryClient.invalidateQueries({ queryKey: ordersListKey });
    },
    onSettled: (_data, _error, request) =>
      queryClient.invalidateQueries({
        queryKey: orderQueryOptions(request.id).queryKey,
      }),
  });
}
