/**
 * Global > Confirmations' calls (issue 22; global admins): the rounds, one round, starting a round
 * (with an idempotency key made once per form) and reminding the silent customers.
 */
import type { ConfirmationRound, ConfirmationRoundDetail, CreateConfirmationRoundRequest } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const confirmationRoundsQueryOptions = () =>
  queryOptions({
    queryKey: ['confirmationRounds'],
    queryFn: ({ signal }) => api<ConfirmationRound[]>('GET', 'ConfirmationRounds', { signal }),
  });

export const confirmationRoundQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['confirmationRounds', id],
    queryFn: ({ signal }) => api<ConfirmationRoundDetail>('GET', `ConfirmationRounds/${id}`, { signal }),
  });

export function useConfirmationRounds() {
  return useQuery(confirmationRoundsQueryOptions());
}

export function useConfirmationRound(id: number) {
  return useQuery(confirmationRoundQueryOptions(id));
}

/** Starts a round; the list is read again. */
export function useCreateConfirmationRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateConfirmationRoundRequest) => api<ConfirmationRoundDetail>('POST', 'ConfirmationRounds', { body: request }),
    onSuccess: async (round) => {
      queryClient.setQueryData(confirmationRoundQueryOptions(round.id).queryKey, round);
      await queryClient.invalidateQueries({ queryKey: ['confirmationRounds'], exact: true });
    },
  });
}

/** Mails the silent customers of round `id` again; the round is read again. */
export function useRemindConfirmations(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ reminded: number }>('POST', `ConfirmationRounds/${id}/Reminders`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['confirmationRounds'] }),
  });
}

/** Customers whose name starts with `term` (GET Customers; a global admin sees every customer). */
export function useCustomerSearch(term: string) {
  return useQuery({
    queryKey: ['confirmationRounds', 'customers', term],
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>('GET', 'Customers', { signal, query: { term, include: 'id,name' } }),
  });
}
