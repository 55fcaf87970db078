/**
 * The QR link's calls, without an account (docs/pallet-receipts.md): GET PalletReceiptPublic?token=
 * (the public summary; 404 for a wrong token, like any unknown receipt) and POST
 * PalletReceiptAnswer (confirm, or object with a reason, while open and within the reception
 * days; 409 otherwise). Both send no bearer token.
 */
import type { PalletReceiptAnswerRequest, PalletReceiptPublic } from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query options of the summary behind `token`. */
export const publicReceiptQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['palletReceiptPublic', token],
    queryFn: ({ signal }) => api<PalletReceiptPublic>('GET', 'PalletReceiptPublic', { signal, query: { token }, anonymous: true }),
    retry: false,
  });

/** The summary behind `token`. */
export function usePublicReceipt(token: string) {
  return useQuery(publicReceiptQueryOptions(token));
}

/** Confirms or objects; the summary shows the answer. */
export function useAnswerReceipt(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answer: Omit<PalletReceiptAnswerRequest, 'token'>) =>
      api<PalletReceiptPublic>('POST', 'PalletReceiptAnswer', { body: { ...answer, token }, anonymous: true }),
    onSuccess: (receipt) => queryClient.setQueryData(publicReceiptQueryOptions(token).queryKey, receipt),
  });
}
