/**
 * POST Orders: creates an order (with `copies`, several identical ones) or updates a draft
 * (ZSaveOrderRequest). `draft: true` keeps it at 0, `draft: false` sends it (a purchase or sale
 * to 1 Ordered, a delivery to 4 Sent). Field errors come back in `ApiError.fields` keyed by path
 * ("lines.0.quantityOrdered", "dateSend"). Answers the first order and `ids` of all.
 */
import type { Order, SaveOrderRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { invalidateOrderLists } from './set-order-status';

/** The saved order and the ids of every order written (copies). */
export type SavedOrder = Order & { ids: number[] };

/** Saves an order; answers the saved order. */
export function saveOrder(request: SaveOrderRequest): Promise<SavedOrder> {
  return api<SavedOrder>('POST', 'Orders', { body: request });
}

/** The save; on success the order is cached and every orders list refreshed. */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: (order) => {
      const { ids: _ids, ...plain } = order;
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, plain);
      return invalidateOrderLists(queryClient);
    },
  });
}
