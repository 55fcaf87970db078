/**
 * GET CountAudits/{id}: one count with its lines (counted, balance at the end of the count date,
 * inbound and outbound since, difference, the correction its confirmation posted) and whether
 * the caller may decide it.
 */
import type { CountAudit } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countAuditsKey } from './get-count-audits';

/** Query options of one count. */
export const countAuditQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...countAuditsKey, 'one', id],
    queryFn: ({ signal }) => api<CountAudit>('GET', `CountAudits/${id}`, { signal }),
  });

/** One count (disabled without a valid id). */
export function useCountAudit(id: number | null) {
  return useQuery({ ...countAuditQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
