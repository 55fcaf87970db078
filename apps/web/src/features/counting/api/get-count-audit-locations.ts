/**
 * GET CountAuditLocations: the locations the caller may count (customer admins: their company's;
 * provider staff: every location), with the counts awaiting confirmation at each.
 */
import type { CountAuditLocation } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countAuditsKey } from './get-count-audits';

/** Query options of the countable locations (under the counts' key: a new count changes `pending`). */
export const countAuditLocationsQueryOptions = () =>
  queryOptions({
    queryKey: [...countAuditsKey, 'locations'],
    queryFn: ({ signal }) => api<CountAuditLocation[]>('GET', 'CountAuditLocations', { signal }),
    staleTime: 60_000,
  });

/** The locations the caller may count. */
export function useCountAuditLocations() {
  return useQuery(countAuditLocationsQueryOptions());
}
