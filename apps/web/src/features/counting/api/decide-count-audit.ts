/**
 * POST CountAuditConfirm: provider staff confirm a count (its corrections post) or reject it
 * with a reason. A count is decided once: a second decision answers 409 with the reason, after
 * which the count is read again to show who decided it.
 */
import type { CountAudit, CountAuditConfirmRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countAuditQueryOptions } from './get-count-audit';
import { countAuditsKey } from './get-count-audits';

/** Confirms or rejects a count; afterwards the count, the lists, the badges and the bell refresh. */
export function useDecideCountAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CountAuditConfirmRequest) => api<CountAudit>('POST', 'CountAuditConfirm', { body: request }),
    onSuccess: (audit) => queryClient.setQueryData(countAuditQueryOptions(audit.id).queryKey, audit),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: countAuditsKey }), queryClient.invalidateQueries({ queryKey: ['alerts'] })]),
  });
}
