/**
 * POST MessageRead `{ id, read, source: 'Message' }`: the acting user read a message (lifts a
 * must-read message's block, spec section 4); refreshes the message queries.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messagesKey } from './get-messages';

/** Marks message `id` read for the acting user. */
export function markMessageRead(id: number): Promise<boolean> {
  return api<boolean>('POST', 'MessageRead', { body: { id, read: true, source: 'Message' } });
}

/** The mutation of markMessageRead, refreshing every message query on success. */
export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messagesKey }),
  });
}
