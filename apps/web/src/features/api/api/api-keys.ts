/**
 * GET and POST ApiKeys, DELETE ApiKeys/{id} (issue 10; docs/api.md): the signed-in user's own
 * API keys. A new key's token is in the answer of POST only; the list never holds it.
 */
import type { ApiKey, CreateApiKeyRequest, CreatedApiKey } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query options of the caller's keys. */
export const apiKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['api', 'keys'],
    queryFn: ({ signal }) => api<ApiKey[]>('GET', 'ApiKeys', { signal }),
  });

/** The caller's keys, newest first. */
export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** Makes a key; answers it with its token (shown once); the list refreshes. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateApiKeyRequest) => api<CreatedApiKey>('POST', 'ApiKeys', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}

/** Revokes a key; the list refreshes. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<ApiKey>('DELETE', `ApiKeys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
}
