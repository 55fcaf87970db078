/**
 * POST CountAudits: registers a count; answers it with its figures. Refusals come back as
 * ApiError with the server's translated message and field messages (`date`,
 * `lines.<i>.countedQuantity`, ...).
 */
import type { CountAudit, RegisterCountAuditRequest } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { countAuditQueryOptions } from './get-count-audit';
import { countAuditsKey } from './get-count-audits';

/** Registers a count; on success the count is cached and the lists refresh. */
export function useRegisterCountAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RegisterCountAuditRequest) => api<CountAudit>('POST', 'CountAudits', { body: request }),
    onSuccess: (audit) => {
      queryClient.setQueryData(countAuditQueryOptions(audit.id).queryKey, audit);
      return queryClient.invalidateQueries({ queryKey: countAuditsKey, refetchType: 'active' });
    },
  });
}
