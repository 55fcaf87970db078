/**
 * The dispute calls of the screens (docs/disputes.md, "API"): GET Disputes (one list), GET
 * Disputes/{id}, and the steps POST DisputeAnswer, DisputeDecision and DisputeWithdrawal, each of
 * which answers the dispute; after a step the lists and the bell refresh.
 */
import type {
  Dispute,
  DisputeAnswerRequest,
  DisputeDecisionRequest,
  DisputeList,
  DisputeSummary,
  DisputeWithdrawalRequest,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The key every dispute query shares. */
export const disputesKey = ['disputes'] as const;

/** One list of disputes. */
export function useDisputes(list: DisputeList) {
  return useQuery({
    queryKey: [...disputesKey, 'list', list],
    queryFn: ({ signal }) => api<DisputeSummary[]>('GET', `Disputes?list=${list}`, { signal }),
  });
}

/** Query options of one dispute. */
export const disputeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...disputesKey, 'one', id],
    queryFn: ({ signal }) => api<Dispute>('GET', `Disputes/${id}`, { signal }),
  });

/** One dispute (disabled without a valid id). */
export function useDispute(id: number) {
  return useQuery({ ...disputeQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

type Step =
  | { call: 'DisputeAnswer'; body: DisputeAnswerRequest }
  | { call: 'DisputeDecision'; body: DisputeDecisionRequest }
  | { call: 'DisputeWithdrawal'; body: DisputeWithdrawalRequest };

/** Takes a step on a dispute; the dispute shows its answer, the lists and the bell refresh. */
export function useDisputeStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Step) => api<Dispute>('POST', step.call, { body: step.body }),
    onSuccess: (dispute) => queryClient.setQueryData(disputeQueryOptions(dispute.id).queryKey, dispute),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: disputesKey }), queryClient.invalidateQueries({ queryKey: ['alerts'] })]),
  });
}
