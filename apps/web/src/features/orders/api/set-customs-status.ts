/**
 * POST OrderCustoms: the customs status of a cross-border order (spec section 4: empty red,
 * pending orange, done green). The sender side or provider staff set it while the order is not
 * final; each change is written to the order's history and raises its version, so a step that
 * follows sends the version this call answers.
 */
import type { Order, SetCustomsStatusRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { invalidateOrderLists } from './set-order-status';

/** Sets the customs status; answers the order. */
export function setCustomsStatus(request: SetCustomsStatusRequest): Promise<Order> {
  return api<Order>('POST', 'OrderCustoms', { body: request });
}

/** The change; the order is cached as answered and the lists refresh. */
export function useSetCustomsStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCustomsStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
      return invalidateOrderLists(queryClient);
    },
  });
}
