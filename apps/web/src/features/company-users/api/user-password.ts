/**
 * An admin's password actions on a user (spec section 6: "Admins can reset a user's password
 * (email sent) or set one"): POST UserPasswordLink (`{ userId }`: a reset link by mail, good
 * once for an hour) and POST userPassword without the old password (`{ userId, newPassword }`:
 * sets it and ends that user's sessions). Both calls belong to My profile's accounts module.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Emails the user a reset link. */
export function useSendPasswordLink() {
  return useMutation({ mutationFn: (userId: number) => api<boolean>('POST', 'UserPasswordLink', { body: { userId } }) });
}

/** Sets the user's password. */
export function useSetUserPassword() {
  return useMutation({
    mutationFn: (request: { userId: number; newPassword: string }) => api<boolean>('POST', 'userPassword', { body: request }),
  });
}
