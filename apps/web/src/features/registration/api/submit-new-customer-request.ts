/**
 * POST NewCustomerRequests (anonymous): sends a prospective customer's request. The server
 * answers `{ received: true }`; a refused field comes back as `ApiError.fields` (translated).
 */
import type { NewCustomerRequest } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Sends `request` without a token. */
export function submitNewCustomerRequest(request: NewCustomerRequest): Promise<{ received: true }> {
  return api<{ received: true }>('POST', 'NewCustomerRequests', { body: request, anonymous: true });
}

/** The page's mutation. */
export function useSubmitNewCustomerRequest() {
  return useMutation({ mutationFn: submitNewCustomerRequest });
}
