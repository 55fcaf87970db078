/**
 * POST OrdersSend ("send drafts", spec section 4): sends up to 100 drafts, each in its own
 * transaction along its path (purchase or sale to 1, delivery to 4). Answers per id whether it
 * was sent, or the translated reason it was not; one failure does not stop the others.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { orderDetailKey } from './get-order';
import { invalidateOrderLists } from './set-order-status';

/** The outcome of one draft (ZOrdersSendResponse). */
export interface SendDraftResult {
  id: number;
  ok: boolean;
  transactionStatusId?: number;
  error?: string;
  type?: string;
}

/** The most drafts one call sends. */
export const SEND_DRAFTS_MAX = 100;

/** Sends the drafts; answers one result per id, in order. */
export function sendDrafts(ids: number[]): Promise<SendDraftResult[]> {
  return api<SendDraftResult[]>('POST', 'OrdersSend', { body: { ids } });
}

/** The bulk send; afterwards every list and the orders' detail caches are refreshed. */
export function useSendDrafts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDrafts,
    onSettled: () => Promise.all([invalidateOrderLists(queryClient), queryClient.invalidateQueries({ queryKey: orderDetailKey })]),
  });
}
