/**
 * The acting session for the orders screens: GET Status answers `{ status, info }` and
 * `status.location` is the location the user acts for (spec section 3, "Session status").
 * Kept under the query key ['status'] so it shares the cache with the rest of the app.
 */
import type { SessionStatus } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The answer of GET Status. */
export interface StatusAnswer {
  status: SessionStatus | null;
  info: SessionStatus['info'];
}

/** Fetches GET Status. */
export function getStatus(signal?: AbortSignal): Promise<StatusAnswer> {
  return api<StatusAnswer>('GET', 'Status', { signal });
}

/** Query options of GET Status under the key ['status']. */
export const statusQueryOptions = () =>
  queryOptions({
    queryKey: ['status'],
    queryFn: ({ signal }) => getStatus(signal),
    staleTime: 30_000,
  });

/** The session status (null while loading or when signed out) and the acting location. */
export function useCurrentLocation() {
  const query = useQuery(statusQueryOptions());
  const status = query.data?.status ?? null;
  return {
    status,
    location: status?.location ?? null,
    locationId: status?.location?.id ?? null,
    isGlobalAdmin: status?.user.isGlobalAdmin ?? false,
    /** Provider staff (global admin or a user of the provider customer), as the server decides. */
    isProvider: status?.isProvider ?? false,
    isLoading: query.isLoading,
    error: query.error,
  };
}
