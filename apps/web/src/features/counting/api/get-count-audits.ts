/**
 * GET CountAudits: the counts of the caller's locations (provider staff: every location's),
 * newest count date first, narrowed by location, count dates (yyyy-MM-dd) and status
 * (docs/domain.md, "Count audits").
 */
import type { CountAuditStatus, CountAuditSummary } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every count query starts with: a change to a count makes them all stale. */
export const countAuditsKey = ['countAudits'] as const;

/** The list's filters; each left out (undefined) means any. */
export interface CountAuditFilters {
  locationId?: number;
  from?: string;
  to?: string;
  status?: CountAuditStatus;
}

/** Query options of the list with `filters`. */
export const countAuditsQueryOptions = (filters: CountAuditFilters) =>
  queryOptions({
    queryKey: [...countAuditsKey, 'list', filters],
    queryFn: ({ signal }) => api<CountAuditSummary[]>('GET', 'CountAudits', { signal, query: { ...filters } }),
  });

/** The counts matching `filters`. */
export function useCountAudits(filters: CountAuditFilters) {
  return useQuery(countAuditsQueryOptions(filters));
}

/**
 * The counts awaiting confirmation, for provider staff (the badge on Counting and in the menu);
 * refreshed with the alerts' rhythm (spec section 9: 30 s).
 */
export const pendingCountAuditsQueryOptions = () =>
  queryOptions({
    queryKey: [...countAuditsKey, 'pending'],
    queryFn: ({ signal }) => api<CountAuditSummary[]>('GET', 'CountAudits', { signal, query: { status: 'registered' } }),
    select: (list) => list.length,
    refetchInterval: 30_000,
    staleTime: 30_000,
  });

/** How many counts await confirmation; only asked when `enabled` (provider staff). */
export function usePendingCountAudits(enabled: boolean) {
  return useQuery({ ...pendingCountAuditsQueryOptions(), enabled });
}
