/**
 * POST ContainerOrderStatus: a step of an order (confirm, deliver, cancel). A step someone else
 * made first answers 409; the page then shows the order as it now is.
 */
import type { ContainerOrder, ContainerOrderStatusRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';
import { containerOrderQueryOptions } from './get-container-order';
import { containerOrdersKey } from './get-container-orders';

/** Makes a step; afterwards the order, the lists and the bell refresh. */
export function useSetContainerOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ContainerOrderStatusRequest) => api<ContainerOrder>('POST', 'ContainerOrderStatus', { body: request }),
    onSuccess: (order) => queryClient.setQueryData(containerOrderQueryOptions(order.id).queryKey, order),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: containerOrdersKey }),
        queryClient.invalidateQueries({ queryKey: ['alerts'] }),
      ]),
  });
}
