/**
 * Calls of My profile and the password pages (issue 9; server: modules/accounts): GET/POST
 * user, POST userPassword, and the anonymous POST PasswordResetRequest, PasswordLink and
 * PasswordReset. Each throws `ApiError` with the server's translated message and field messages.
 */
import type { Locale, PasswordLinkInfo, UserProfile } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET user: the signed-in user's profile. */
export const ownProfileQuery = queryOptions({
  queryKey: ['accounts', 'profile'],
  queryFn: ({ signal }) => api<UserProfile>('GET', 'user', { signal }),
});

/** The editable fields of a profile (POST user). */
export interface ProfileInput {
  userId: number;
  name: string;
  phone: string;
  email: string;
  language: Locale;
}

/** POST user: stores the profile; answers it as stored. */
export function saveProfile(input: ProfileInput): Promise<UserProfile> {
  return api<UserProfile>('POST', 'user', { body: input });
}

/** POST userPassword with the old password: the signed-in user's own password. */
export function changeOwnPassword(input: { userId: number; oldPassword: string; newPassword: string }): Promise<boolean> {
  return api<boolean>('POST', 'userPassword', { body: input });
}

/** POST PasswordResetRequest: the same answer for any input (no user enumeration). */
export function requestPasswordReset(userLoginName: string): Promise<true> {
  return api<true>('POST', 'PasswordResetRequest', { anonymous: true, body: { userLoginName } });
}

/** POST PasswordLink: what a link is for, or a 400 when it is unknown, used or expired. */
export const passwordLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['accounts', 'password-link', token],
    queryFn: () => api<PasswordLinkInfo>('POST', 'PasswordLink', { anonymous: true, body: { token } }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST PasswordReset: spends the link and sets the password; answers the login name. */
export function resetPassword(input: { token: string; newPassword: string }): Promise<{ loginName: string }> {
  return api<{ loginName: string }>('POST', 'PasswordReset', { anonymous: true, body: input });
}
