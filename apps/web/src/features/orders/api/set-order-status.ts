/**
 * POST OrderStatus and POST OrderArrival: move an order along the status machine (docs/domain.md,
 * "Status steps and their data"). The server refuses a step it does not allow with 409/403/400
 * and "Could not set order status: <reason>", a stale `version` with 409 CONFLICT; the caller
 * shows that message. Both answer the order with the step's warnings (picked more than 20 %
 * away from ordered, a line picked 0 removed).
 */
import type { Order, OrderWarning, SetOrderStatusRequest } from '@portal/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { ordersListKey } from './get-orders';

/** An order after a status step, with the step's warnings (often none). */
export type SteppedOrder = Order & { warnings: OrderWarning[] };

/** Sets an order's status; answers the updated order and warnings. */
export function setOrderStatus(request: SetOrderStatusRequest): Promise<SteppedOrder> {
  return api<SteppedOrder>('POST', 'OrderStatus', { body: request });
}

/** Provider staff register that a sent order arrived; the server picks 5, 9 or 11. */
export function arriveOrder(request: { id: number; version?: number }): Promise<SteppedOrder> {
  return api<SteppedOrder>('POST', 'OrderArrival', { body: request });
}

/** After any change of orders: the lists, the disagreement badges and the alerts are stale. */
export function invalidateOrderLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ordersListKey }),
    queryClient.invalidateQueries({ queryKey: ['disagreements'] }),
  ]);
}

function useStepMutation<R extends { id: number }>(call: (request: R) => Promise<SteppedOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (order) => {
      const { warnings: _warnings, ...plain } = order;
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, plain);
      return invalidateOrderLists(queryClient);
    },
    onSettled: (_data, _error, request) => queryClient.invalidateQueries({ queryKey: orderQueryOptions(request.id).queryKey }),
  });
}

/** The status change; on success the order, every list and the badges are refreshed. */
export function useSetOrderStatus() {
  return useStepMutation(setOrderStatus);
}

/** The arrival registration (provider staff). */
export function useArriveOrder() {
  return useStepMutation(arriveOrder);
}
