/**
 * Global > Publishing's calls (global admins; docs/messages.md): every message with its status
 * (GET Messages?all=true), one with its texts in every locale (GET Messages/{id}?all=true), and
 * publish / update / withdraw / restore (POST Messages).
 */
import type { Message, PublishMessageRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api';

/** The key of Publishing's queries. */
export const publishingKey = ['publishing'] as const;

/** Every message, every audience and status. */
export const publishedMessagesQuery = queryOptions({
  queryKey: [...publishingKey, 'list'],
  queryFn: ({ signal }) => api<Message[]>('GET', 'Messages', { signal, query: { all: true } }),
});

/** The list of every message. */
export function usePublishedMessages() {
  return useQuery(publishedMessagesQuery);
}

/** One message with every locale's texts. */
export function usePublishedMessage(id: number | null) {
  return useQuery({
    queryKey: [...publishingKey, 'one', id],
    queryFn: ({ signal }) => api<Message>('GET', `Messages/${id}`, { signal, query: { all: true } }),
    enabled: id !== null,
  });
}

/**
 * POST Messages; answers the saved message. Refreshes Publishing's queries and the readers'
 * ones (the `messages` key of features/messages, must-read included).
 */
export function usePublishMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishMessageRequest) => api<Message>('POST', 'Messages', { body: request }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: publishingKey }), queryClient.invalidateQueries({ queryKey: ['messages'] })]),
  });
}
