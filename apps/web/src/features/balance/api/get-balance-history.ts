/**
 * GET BalanceHistory: the ledger entries of one location and product from..to (yyyy-MM-dd),
 * each with the running balance after it, and the balance at the start of `from`.
 */
import type { BalanceHistory, BalanceHistoryQuery } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const balanceHistoryQueryOptions = (query: BalanceHistoryQuery) =>
  queryOptions({
    queryKey: ['balanceHistory', query],
    queryFn: ({ signal }) => api<BalanceHistory>('GET', 'BalanceHistory', { signal, query: { ...query } }),
    staleTime: 30_000,
  });

/** The history of a product at a location; the previous range stays shown while another loads. */
export function useBalanceHistory(query: BalanceHistoryQuery | null) {
  return useQuery({
    ...balanceHistoryQueryOptions(query ?? { locationId: 0, productId: 0, from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
