/**
 * Answer templates (issue 10, "Templates"; provider support staff only): GET SupportTemplates and
 * POST SupportTemplates (create, change, deactivate).
 */
import type { SaveSupportTemplateRequest, SupportTemplate, SupportTemplatesQuery } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { supportKey } from './support-tickets';

/** Query options of the templates matching `query`. */
export const supportTemplatesQueryOptions = (query: SupportTemplatesQuery) =>
  queryOptions({
    queryKey: [...supportKey, 'templates', query],
    queryFn: ({ signal }) => api<SupportTemplate[]>('GET', 'SupportTemplates', { signal, query: { ...query } }),
  });

/** The templates matching `query`; only asked when `enabled` (provider staff). */
export function useSupportTemplates(query: SupportTemplatesQuery, enabled = true) {
  return useQuery({ ...supportTemplatesQueryOptions(query), enabled });
}

/** Saves a template; the template lists refresh. */
export function useSaveSupportTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveSupportTemplateRequest) => api<SupportTemplate>('POST', 'SupportTemplates', { body: request }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...supportKey, 'templates'] }),
  });
}
