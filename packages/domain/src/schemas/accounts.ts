/**
 * My profile and passwords (issue 9; spec sections 4, 5, 7, 8; docs/accounts.md): GET/POST
 * user, POST userPassword, POST UserPasswordLink, POST PasswordResetRequest, POST
 * PasswordReset and POST PasswordLink.
 */
import { z } from 'zod';
import { locales } from '../locale.js';
import { queryId, requiredText, ZId } from './common.js';

/** Shortest password the portal accepts (issue 9: "minimum length 7"). */
export const PASSWORD_MIN_LENGTH = 7;
/** Longest password: long passphrases are welcome (OWASP ASVS 4.0.3 V2.1.2 asks for at least 64). */
export const PASSWORD_MAX_LENGTH = 200;

/**
 * A new password: 7 to 200 characters, taken as typed (not trimmed: a space may be part of a
 * passphrase). Too short: accounts.passwordMin.
 */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { message: 'accounts.passwordMin' })
  .max(PASSWORD_MAX_LENGTH, { message: 'validation.tooLong' });

/** An email address, trimmed, at most 254 characters (RFC 5321), required. */
export const ZEmailAddress = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(254, { message: 'validation.tooLong' })
  .email({ message: 'accounts.email' });

/** A phone number: digits with spaces, dashes, brackets and an optional leading +, required. */
export const ZPhone = requiredText(30).regex(/^\+?[0-9][0-9 ()-]*$/, { message: 'accounts.phone' });

/** GET user: `id` a user of the caller's scope; without it the signed-in user. */
export const ZUserProfileQuery = z.object({ id: queryId.optional() });

/** A user's profile (GET user, POST user): what My profile shows and edits. */
export const ZUserProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(locales),
  customerId: z.number().int(),
  customerName: z.string(),
  /** When the password was last set (ISO instant), null if never since the user was created. */
  passwordChangedAt: z.string().nullable(),
});
export type UserProfile = z.infer<typeof ZUserProfile>;

/** POST user: a profile's editable fields (issue 9: phone and email required, email valid). */
export const ZUserProfileRequest = z.object({
  userId: ZId,
  name: requiredText(100),
  phone: ZPhone,
  email: ZEmailAddress,
  language: z.enum(locales),
});
export type UserProfileRequest = z.infer<typeof ZUserProfileRequest>;

/**
 * POST userPassword: with `oldPassword` a user changes their own password; without it an admin
 * sets the password of a user in their scope.
 */
export const ZUserPasswordRequest = z.object({
  userId: ZId,
  oldPassword: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX_LENGTH).optional(),
  newPassword: ZNewPassword,
});
export type UserPasswordRequest = z.infer<typeof ZUserPasswordRequest>;

/** POST UserPasswordLink: an admin emails a user a reset link. */
export const ZUserPasswordLinkRequest = z.object({ userId: ZId });

/** A password link's token as the page got it in `?token=` (43 base64url characters when real). */
export const ZPasswordLinkToken = z
  .string()
  .trim()
  .min(1, { message: 'validation.required' })
  .max(100, { message: 'accounts.linkInvalid' });

/** POST PasswordResetRequest (forgot password): a login name or an email address. */
export const ZPasswordResetRequest = z.object({ userLoginName: requiredText(254) });

/** POST PasswordReset: a link's token and the new password. */
export const ZPasswordResetBody = z.object({ token: ZPasswordLinkToken, newPassword: ZNewPassword });
export type PasswordResetBody = z.infer<typeof ZPasswordResetBody>;

/** POST PasswordLink: checks a link before the page asks for a password. */
export const ZPasswordLinkCheck = z.object({ token: ZPasswordLinkToken });

/** What a usable link is for: reset (a new password) or welcome (choose a first password). */
export const ZPasswordLinkInfo = z.object({ purpose: z.enum(['reset', 'welcome']) });
export type PasswordLinkInfo = z.infer<typeof ZPasswordLinkInfo>;
