/**
 * GET and POST StatementSettings (issue 22): the acting customer's statement mailing, chosen by
 * its customer admin on My company.
 */
import type { SaveStatementSettingsRequest, StatementSettings } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const statementSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['statementSettings'],
    queryFn: ({ signal }) => api<StatementSettings>('GET', 'StatementSettings', { signal }),
  });

/** The acting customer's schedule, recipients and last period mailed. */
export function useStatementSettings() {
  return useQuery(statementSettingsQueryOptions());
}

/** Saves the mailing; the answer replaces the cached one. */
export function useSaveStatementSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveStatementSettingsRequest) => api<StatementSettings>('POST', 'StatementSettings', { body: request }),
    onSuccess: (settings) => queryClient.setQueryData(statementSettingsQueryOptions().queryKey, settings),
  });
}
