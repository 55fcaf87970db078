/**
 * The must-read messages the acting user sees (GET Messages?mustRead=true), polled with the
 * alerts' rhythm (spec section 4: every 30 s): an unread one blocks the portal until read, as
 * must-read alerts do (app/shell/must-read-guard.tsx).
 */
import type { Message } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { messagesKey } from './get-messages';

export const MUST_READ_POLL_MS = 30_000;

/** Query options of the must-read messages; under `messagesKey`, so reading one refreshes them. */
export const mustReadMessagesQuery = queryOptions({
  queryKey: [...messagesKey, 'mustRead'],
  queryFn: ({ signal }) => api<Message[]>('GET', 'Messages', { signal, query: { mustRead: true } }),
  refetchInterval: MUST_READ_POLL_MS,
  staleTime: MUST_READ_POLL_MS,
});

/** The unread ones of `messages`, oldest first (read in the order they were published). */
export function unreadMustRead(messages: readonly Message[]): Message[] {
  return messages.filter((message) => message.mustRead && !message.read).reverse();
}
