/** GET NewCustomerRequests/{id} (global admins): one request with every field and what became of it. */
import type { NewCustomerRequestDetail } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { newCustomerRequestsKey } from './get-new-customer-requests';

export const newCustomerRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...newCustomerRequestsKey, 'one', id],
    queryFn: ({ signal }) => api<NewCustomerRequestDetail>('GET', `NewCustomerRequests/${id}`, { signal }),
  });

/** The request `id`; not asked while `id` is null. */
export function useNewCustomerRequest(id: number | null) {
  return useQuery({ ...newCustomerRequestQueryOptions(id ?? 0), enabled: id !== null });
}
