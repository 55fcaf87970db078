/**
 * GET and POST OrderComments (spec section 3, "comments"): the comments of an order, oldest
 * first, and a new one (1-2000 characters). Only the order's parties read or add them; an
 * unexpected failure answers "Could not save comment".
 */
import type { OrderComment } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderQueryOptions } from './get-order';
import { ordersListKey } from './get-orders';

/** Query options of an order's comments. */
export const orderCommentsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', 'comments', orderId],
    queryFn: ({ signal }) => api<OrderComment[]>('GET', 'OrderComments', { signal, query: { orderId } }),
  });

/** The comments of an order. */
export function useOrderComments(orderId: number) {
  return useQuery(orderCommentsQueryOptions(orderId));
}

/** Adds a comment; the comments, the order (its comment count) and the lists refresh. */
export function useAddOrderComment(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api<OrderComment>('POST', 'OrderComments', { body: { orderId, text } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderCommentsQueryOptions(orderId).queryKey }),
        queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ordersListKey }),
      ]),
  });
}
