/**
 * GET NewCustomerRequests (global admins): the requests, newest first, of one status or all;
 * and the number of new ones for the menu's badge.
 */
import type { NewCustomerRequestStatus, NewCustomerRequestsResponse } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every request query starts with: converting or rejecting one makes them all stale. */
export const newCustomerRequestsKey = ['newCustomerRequests'] as const;

/** The list of `status` (undefined: all), at most 500. */
export const newCustomerRequestsQueryOptions = (status: NewCustomerRequestStatus | undefined) =>
  queryOptions({
    queryKey: [...newCustomerRequestsKey, 'list', status ?? 'all'],
    queryFn: ({ signal }) => api<NewCustomerRequestsResponse>('GET', 'NewCustomerRequests', { signal, query: { status, count: 500 } }),
  });

export function useNewCustomerRequests(status: NewCustomerRequestStatus | undefined) {
  return useQuery(newCustomerRequestsQueryOptions(status));
}

/** How many requests wait for the provider; asked only when `enabled` (global admins), every 5 minutes. */
export function useWaitingRequestCount(enabled: boolean) {
  return useQuery({
    queryKey: [...newCustomerRequestsKey, 'waiting'],
    queryFn: ({ signal }) => api<NewCustomerRequestsResponse>('GET', 'NewCustomerRequests', { signal, query: { status: 'new', count: 1 } }),
    select: (answer) => answer.total,
    enabled,
    staleTime: 60_000,
    refetchInterval: 300_000,
  });
}
