/**
 * My company (issue 9; spec sections 2, 3, 5 and 6): the company information and logo (GET and
 * POST Company, GET/POST/DELETE CompanyLogo) and the users of a customer (GET CompanyUsers,
 * GET CompanyUserOptions, POST Users). The rules of who may give what are in
 * docs/company-users.md; the server enforces them (modules/company/users-access.ts).
 */
import { z } from 'zod';
import { tasks } from '../enums.js';
import { locales } from '../locale.js';
import { integer, queryBool, queryId, requiredText, text, ZId } from './common.js';

/** Largest logo, in bytes (512 KiB): it is shown in the top bar and printed on the waybill. */
export const LOGO_MAX_BYTES = 512 * 1024;
/** Image types a logo may have, told by its first bytes (spec section 5, "Logo must be an image file"). */
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type LogoMimeType = (typeof logoMimeTypes)[number];
/** The logo file input's accept list. */
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * An email address as typed into a form: empty, or local@domain.tld without spaces, at most 254
 * characters (RFC 5321's path limit). Not a full RFC 5322 parser: the mail server is the judge.
 */
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const optionalEmail = text(254).refine((v) => v === '' || emailPattern.test(v), { message: 'companyUsers.invalidEmail' });
export const requiredEmail = requiredText(254).refine((v) => emailPattern.test(v), { message: 'companyUsers.invalidEmail' });

/** The company information of the Company page (spec section 3, "Company"). Texts are null when not given. */
export const ZCompanyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  contactEmail: z.string().nullable(),
  invoiceEmail: z.string().nullable(),
  orderConfirmedEmail: z.string().nullable(),
  purchaseEmail: z.string().nullable(),
  invoiceReference: z.string().nullable(),
  phone: z.string().nullable(),
  /** A short fingerprint of the stored logo (changes when it changes), or null when there is none. */
  logoVersion: z.string().nullable(),
});
export type CompanyInfo = z.infer<typeof ZCompanyInfo>;

/**
 * POST Company: all six fields are written; an empty or missing one is cleared. Emails are
 * checked as emails; the invoice reference and phone are free text.
 */
export const ZSaveCompanyInfoRequest = z.object({
  contactEmail: optionalEmail.optional(),
  invoiceEmail: optionalEmail.optional(),
  orderConfirmedEmail: optionalEmail.optional(),
  purchaseEmail: optionalEmail.optional(),
  invoiceReference: text(100).optional(),
  phone: text(40).optional(),
});
export type SaveCompanyInfoRequest = z.infer<typeof ZSaveCompanyInfoRequest>;

/** The multipart body of POST CompanyLogo as OpenAPI describes it (documentation only). */
export const ZCompanyLogoUploadForm = z.object({
  file: z.file().describe('PNG, JPEG, GIF or WebP, at most 512 KiB, told by its first bytes, not its name or declared type'),
});

/** GET CompanyLogo: `v` is the logo version the caller knows (only makes the URL change with the logo). */
export const ZCompanyLogoQuery = z.object({ v: text(64).optional() });

/** The mail notifications a user may ask for (spec section 3, "User"). */
export const userNotifications = ['autoCommit', 'deviation', 'disagree', 'highVolume', 'newCustomer', 'stockLevel'] as const;
export type UserNotification = (typeof userNotifications)[number];
const ZNotifications = z.object(
  Object.fromEntries(userNotifications.map((n) => [n, z.boolean()])) as Record<UserNotification, z.ZodBoolean>,
);

/** A user as the Users page and the user dialog show it (spec section 3, "User"). */
export const ZCompanyUser = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  isActive: z.boolean(),
  /** The primary location. */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
  secondaryLocationIds: z.array(z.number().int()),
  roleIds: z.array(z.number().int()),
  isGlobalAdmin: z.boolean(),
  isCustomerAdmin: z.boolean(),
  isSupport: z.boolean(),
  supportCustomer: z.boolean(),
  supportLocation: z.boolean(),
  /** Report level: 0 Location, 1 Customer, 2 Chain, 3 CustomerType, 4 Global (spec section 4). */
  reportLevel: z.number().int(),
  financeReport: z.boolean(),
  standardDraft: z.boolean(),
  /** Menu access by task; empty means every task (spec section 6). */
  tasks: z.array(z.enum(tasks)),
  notifications: ZNotifications,
  /** ISO 8601 instant of the last sign-in, or null when never. */
  lastLoginAt: z.string().nullable(),
  /**
   * Whether every right of this user is one the caller holds (issue 20; `rightsWithin`): only then
   * may the caller change the user, set their password, email them a reset link or act as them;
   * otherwise those calls answer 403 RIGHTS_EXCEEDED. Always true for a global admin.
   */
  withinRights: z.boolean(),
});
export type CompanyUser = z.infer<typeof ZCompanyUser>;

/**
 * GET CompanyUsers: the acting customer's users by name. `isActive` narrows to active or
 * inactive users, `locationId` to users with that primary or secondary location, `roleId` to
 * holders of a role, `customerAdmin=true` to customer admins.
 */
export const ZCompanyUsersQuery = z.object({
  isActive: queryBool.optional(),
  locationId: queryId.optional(),
  roleId: queryId.optional(),
  customerAdmin: queryBool.optional(),
});
export type CompanyUsersQuery = z.infer<typeof ZCompanyUsersQuery>;

/** GET CompanyUsers' answer: the users (at most COMPANY_USERS_MAX) and how many match in all. */
export const ZCompanyUsersList = z.object({ users: z.array(ZCompanyUser), count: z.number().int() });
export type CompanyUsersList = z.infer<typeof ZCompanyUsersList>;
/** Most users GET CompanyUsers answers at once. */
export const COMPANY_USERS_MAX = 1000;

/**
 * GET CompanyUserOptions: what the user dialog offers: the acting customer's locations, the
 * roles, and the caller's own limits (the most they may give; docs/company-users.md).
 */
export const ZCompanyUserOptions = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string(), statusId: z.number().int() })),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  limits: z.object({
    isGlobalAdmin: z.boolean(),
    maxReportLevel: z.number().int(),
    financeReport: z.boolean(),
    /** Tasks the caller may give; every task when the caller holds all. */
    tasks: z.array(z.enum(tasks)),
    /** Whether the caller may set the provider's flags (support staff, new-customer mail). */
    providerFlags: z.boolean(),
  }),
});
export type CompanyUserOptions = z.infer<typeof ZCompanyUserOptions>;

/**
 * POST Users: creates a user of the acting customer (no `id`), or updates one of its users.
 * Every field is written as sent. Login names are unique regardless of case.
 */
export const ZSaveUserRequest = z.object({
  id: ZId.optional(),
  name: requiredText(100),
  loginName: requiredText(100).regex(/^[^\s]+$/, { message: 'companyUsers.loginNameSpaces' }),
  phone: text(40).optional(),
  email: requiredEmail,
  language: z.enum(locales, { message: 'validation.invalid' }),
  isActive: z.boolean(),
  locationId: ZId.nullable(),
  secondaryLocationIds: z.array(ZId).max(200, { message: 'validation.tooLong' }),
  roleIds: z.array(ZId).max(50, { message: 'validation.tooLong' }),
  isGlobalAdmin: z.boolean(),
  isCustomerAdmin: z.boolean(),
  isSupport: z.boolean(),
  supportCustomer: z.boolean(),
  supportLocation: z.boolean(),
  reportLevel: integer(0, 4),
  financeReport: z.boolean(),
  standardDraft: z.boolean(),
  tasks: z.array(z.enum(tasks, { message: 'validation.invalid' })).max(tasks.length, { message: 'validation.tooLong' }),
  notifications: ZNotifications,
});
export type SaveUserRequest = z.infer<typeof ZSaveUserRequest>;
