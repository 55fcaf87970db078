/**
 * GET and POST Company, POST and DELETE CompanyLogo (issue 9, "Company index"): the acting
 * customer's company information and logo. A logo change refreshes the session status, whose
 * customer carries the logo version the top bar shows.
 */
import type { CompanyInfo, SaveCompanyInfoRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../../lib/api';
import { initialDataQuery } from '../../session/session-api';

/** Query options of the acting customer's company information. */
export const companyInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'info'],
    queryFn: ({ signal }) => api<CompanyInfo>('GET', 'Company', { signal }),
  });

/** The acting customer's company information. */
export function useCompanyInfo() {
  return useQuery(companyInfoQueryOptions());
}

/** Saves the company information; the answer replaces the cached one. */
export function useSaveCompanyInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveCompanyInfoRequest) => api<CompanyInfo>('POST', 'Company', { body: request }),
    onSuccess: (info) => queryClient.setQueryData(companyInfoQueryOptions().queryKey, info),
  });
}

/** Uploads (a File) or deletes (null) the logo; then the company information and the session refresh. */
export function useChangeLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return api<CompanyInfo>('DELETE', 'CompanyLogo');
      const form = new FormData();
      form.append('file', file);
      return upload<CompanyInfo>('CompanyLogo', form);
    },
    onSuccess: async (info) => {
      queryClient.setQueryData(companyInfoQueryOptions().queryKey, info);
      await queryClient.invalidateQueries({ queryKey: initialDataQuery.queryKey });
    },
  });
}
