/**
 * The confirmation link's calls, without an account (issue 22; docs/statements.md, "Balance
 * confirmations"): GET BalanceConfirmation?token= (the customer's closing balances; 404 for a
 * wrong token) and POST BalanceConfirmation (confirm, or dispute with a comment; once, 409 after).
 */
import type { AnswerBalanceConfirmationRequest, BalanceConfirmation } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const balanceConfirmationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['balanceConfirmation', token],
    queryFn: ({ signal }) => api<BalanceConfirmation>('GET', 'BalanceConfirmation', { signal, query: { token }, anonymous: true }),
    retry: false,
  });

/** The confirmation behind `token`. */
export function useBalanceConfirmation(token: string) {
  return useQuery(balanceConfirmationQueryOptions(token));
}

/** Answers; the page then shows the answer. */
export function useAnswerBalanceConfirmation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: Omit<AnswerBalanceConfirmationRequest, 'token'>) =>
      api<BalanceConfirmation>('POST', 'BalanceConfirmation', { body: { ...answer, token }, anonymous: true }),
    onSuccess: (data) => queryClient.setQueryData(balanceConfirmationQueryOptions(token).queryKey, data),
  });
}
