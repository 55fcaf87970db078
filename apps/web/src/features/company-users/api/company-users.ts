/**
 * GET CompanyUsers, GET CompanyUserOptions and POST Users (issue 9, "Users"): the acting
 * customer's users, what the user dialog offers, and saving a user.
 */
import type { CompanyUser, CompanyUserOptions, CompanyUsersList, CompanyUsersQuery, SaveUserRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every users query starts with: a saved user makes them all stale. */
export const companyUsersKey = ['company', 'users'] as const;

/** Query options of the users matching `filters` (each left out means any). */
export const companyUsersQueryOptions = (filters: CompanyUsersQuery) =>
  queryOptions({
    queryKey: [...companyUsersKey, 'list', filters],
    queryFn: ({ signal }) => api<CompanyUsersList>('GET', 'CompanyUsers', { signal, query: { ...filters } }),
  });

/** The users matching `filters`. */
export function useCompanyUsers(filters: CompanyUsersQuery) {
  return useQuery(companyUsersQueryOptions(filters));
}

/** The customer's locations, the roles and the caller's limits, for the filters and the dialog. */
export function useCompanyUserOptions() {
  return useQuery(
    queryOptions({
      queryKey: [...companyUsersKey, 'options'],
      queryFn: ({ signal }) => api<CompanyUserOptions>('GET', 'CompanyUserOptions', { signal }),
      staleTime: 60_000,
    }),
  );
}

/** Creates (no id) or updates a user; the lists refresh. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveUserRequest) => api<CompanyUser>('POST', 'Users', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...companyUsersKey, 'list'] }),
  });
}
