/**
 * POST NewCustomerRequestConversion and POST NewCustomerRequestStatus (global admins): turn a
 * request into a customer, or reject it. Both answer the request as it now is and make every
 * request query stale.
 */
import type { NewCustomerRequestConversionInput, NewCustomerRequestDetail } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { newCustomerRequestsKey } from './get-new-customer-requests';

export function useConvertNewCustomerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewCustomerRequestConversionInput) =>
      api<NewCustomerRequestDetail>('POST', 'NewCustomerRequestConversion', { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newCustomerRequestsKey }),
  });
}

export function useRejectNewCustomerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<NewCustomerRequestDetail>('POST', 'NewCustomerRequestStatus', { body: { id, status: 'rejected' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: newCustomerRequestsKey }),
  });
}
