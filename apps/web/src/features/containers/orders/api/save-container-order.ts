/**
 * POST ContainerOrders: order containers (status Open), or change an Open order (its ordering
 * side). A refused field (a closed day, a date in the past) comes back in `ApiError.fields`.
 */
import type { ContainerOrder, SaveContainerOrderRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { containerOrderQueryOptions } from './get-container-order';
import { containerOrdersKey } from './get-container-orders';

/** Saves an order; afterwards the order and the lists refresh. */
export function useSaveContainerOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveContainerOrderRequest) => api<ContainerOrder>('POST', 'ContainerOrders', { body: request }),
    onSuccess: (order) => queryClient.setQueryData(containerOrderQueryOptions(order.id).queryKey, order),
    onSettled: () => queryClient.invalidateQueries({ queryKey: containerOrdersKey }),
  });
}
