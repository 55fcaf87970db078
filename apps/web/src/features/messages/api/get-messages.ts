/**
 * GET Messages and GET Messages/{id} (docs/messages.md): the messages the acting user sees, of
 * one type, in the user's language; the guides of a route (the help icon); one message.
 */
import type { Message, MessageType } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every message query starts with: reading or publishing one makes them all stale. */
export const messagesKey = ['messages'] as const;

/** The messages of `type` (guides of `route` when given: path under /app, "orders/12"). */
export const messagesQueryOptions = (type: MessageType, route?: string) =>
  queryOptions({
    queryKey: [...messagesKey, 'list', type, route ?? null],
    queryFn: ({ signal }) => api<Message[]>('GET', 'Messages', { signal, query: { type, route } }),
  });

/** The list of `type` (see messagesQueryOptions). */
export function useMessages(type: MessageType, route?: string) {
  return useQuery(messagesQueryOptions(type, route));
}

/** One message the user sees (404 outside its audience or window). */
export const messageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...messagesKey, 'one', id],
    queryFn: ({ signal }) => api<Message>('GET', `Messages/${id}`, { signal }),
  });

/** One message by id; asks nothing while `enabled` is false (an id that cannot exist). */
export function useMessage(id: number, enabled = true) {
  return useQuery({ ...messageQueryOptions(id), enabled });
}
