/** Session, sign-in and switching (spec sections 3, 6 and 7): the session status and its calls. */
import { z } from 'zod';
import { tasks } from '../enums.js';
import { locales } from '../locale.js';
import { queryBool, requiredText, text, ZBigId, ZId } from './common.js';

export const ZCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.string(),
  statusId: z.number().int(),
  agreementStandard: z.boolean().optional(),
  agreementRequired: z.boolean().optional(),
  /**
   * Only while the standard agreement is required and not accepted: whether the signed-in user
   * may accept it for the company (a customer admin, or the first user of a customer without
   * one); anyone else is told that their administrator must accept it (docs/domain.md).
   */
  agreementAcceptor: z.boolean().optional(),
  /** The version of the customer's logo (GET CompanyLogo?v=), or null when it has none: the top bar loads it only then. */
  logoVersion: z.string().nullable().optional(),
});
export type Customer = z.infer<typeof ZCustomer>;

export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  externalId: z.string().nullable().optional(),
  gln: z.string().nullable().optional(),
  statusId: z.number().int(),
  typeId: z.string(),
  customerId: z.number().int(),
  customerName: z.string().optional(),
  customerNameCorporate: z.string().nullable().optional(),
  customerIdCorporate: z.number().int().nullable().optional(),
  poolingGroupId: z.number().int().nullable().optional(),
  isDefault: z.boolean(),
  isPooling: z.boolean(),
  isCorporate: z.boolean().optional(),
  isReturnScheme: z.boolean(),
  isCommission: z.boolean(),
  isDispatch: z.boolean(),
  isContainerActive: z.boolean(),
  /** A provider depot that sorts returned carriers: an order to it is a return (docs/domain.md "Returns"). */
  isSortingDepot: z.boolean().optional(),
  countryId: z.string(),
  currency: z.string().optional(),
  street: z.string().optional(),
  postalCode: z.string().optional(),
  postalName: z.string().optional(),
});
export type Location = z.infer<typeof ZLocation>;

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.string(),
  isActive: z.boolean(),
  locationId: z.number().int().nullable(),
  customerId: z.number().int(),
  isGlobalAdmin: z.boolean(),
  isCustomerAdmin: z.boolean(),
  isReturnScheme: z.boolean(),
  reportLevel: z.number().int(),
  financeReport: z.boolean(),
  confirmedGdpr: z.boolean(),
  tasks: z.array(z.enum(tasks)),
});
export type User = z.infer<typeof ZUser>;

/** Session status (spec section 3): who acts for which customer and location. */
export const ZSessionStatus = z.object({
  customer: ZCustomer,
  location: ZLocation.nullable(),
  user: ZUser,
  loginUser: ZUser,
  language: z.enum(locales),
  /**
   * The acting user works for the provider (a global admin, or a user of the provider
   * customer): provider staff take the P steps of the status machine and set prices (docs/domain.md).
   */
  isProvider: z.boolean(),
  info: z.object({
    version: z.string(),
    build: z.string(),
    environment: z.string().nullable(),
    serverTime: z.string(),
  }),
});
export type SessionStatus = z.infer<typeof ZSessionStatus>;

/**
 * POST Login (spec section 7: "userLoginName, password, anonymous"). `anonymous` is the flag the
 * spec's clients send on calls made without a bearer token ("except when anonymous is true");
 * they send it as their other call flags, also as the text "true"/"false" (as `anonymous=true`
 * of GET Messages) or null, so it is read like a query flag. The server needs no token for
 * Login either way and ignores the value.
 */
export const ZLoginRequest = z.object({
  userLoginName: requiredText(100),
  password: z.string().min(1, { message: 'validation.required' }).max(200),
  // null reads as not given (a preprocess, so the document keeps the flag's own type).
  anonymous: z.preprocess((value) => (value === null ? undefined : value), queryBool.optional()),
  /**
   * The `deviceMark` of this user's last sign-in in this browser: a sign-in with a valid one is
   * not held by guesses for the user name from elsewhere (docs/domain.md, "Sign-in").
   */
  deviceMark: text(100).optional(),
});
export type LoginRequest = z.infer<typeof ZLoginRequest>;

/**
 * POST Login's answer: the bearer token, its expiry (ISO instant) and the session status, and
 * `deviceMark` (POST Login only, not the hand-over): the browser keeps it for the user name and
 * sends it with the next sign-in; it is good once and for 90 days.
 */
export const ZLoginResponse = z.object({
  token: z.string(),
  expiresAt: z.string(),
  status: ZSessionStatus,
  deviceMark: z.string().optional(),
});

/**
 * POST LoginHandover: the token that arrived in the `auth` query parameter (spec section 7),
 * exchanged once for a fresh session token; answers as POST Login (docs/domain.md, "Sign-in").
 */
export const ZLoginHandoverRequest = z.object({ auth: z.string().trim().min(1, { message: 'validation.required' }).max(200) });
export type LoginHandoverRequest = z.infer<typeof ZLoginHandoverRequest>;

/** POST HandoverToken: a one-time token for a sister portal's `auth` query parameter, and its expiry (ISO instant). */
export const ZHandoverToken = z.object({ auth: z.string(), expiresAt: z.string() });
export type HandoverToken = z.infer<typeof ZHandoverToken>;

/** POST status: switch the acting customer, location or user (spec section 6). */
export const ZSwitchStatusRequest = z.object({
  customerId: ZId.optional(),
  locationId: ZId.optional(),
  userId: ZId.optional(),
});
export type SwitchStatusRequest = z.infer<typeof ZSwitchStatusRequest>;

/** Public status (GET Status without a token): the service answers and its version. */
export const ZPublicStatus = z.object({
  status: ZSessionStatus.nullable(),
  info: ZSessionStatus.shape.info,
  /**
   * The downtime window in force or next planned (issue 10, "Maintenance"; docs/global.md):
   * its start and the reopening time (ISO instants), or null. The public area shows the
   * downtime text while it is in force.
   */
  downtime: z.object({ startsAt: z.string(), endsAt: z.string() }).nullable(),
  /**
   * Whether the portal has a configuration for the host asked (PORTAL_HOSTS; docs/global.md,
   * "Hosts"); false: the public area shows the old-page notice linking to `portalUrl`.
   */
  hostConfigured: z.boolean(),
  /** The portal's own address (PUBLIC_URL), the link of the old-page notice. */
  portalUrl: z.string(),
});

export const actionNames = [
  'Status',
  'TransactionTypes',
  'TransactionStatuses',
  'WebTaskUsers',
  'TruckTypes',
  'InterCompany',
  'Preload',
] as const;
/**
 * POST Actions: the names of the actions to answer, in order (spec section 7). Any name is
 * taken: an unknown one is answered in its place by an error object, like a failing one.
 */
export const ZActionsRequest = z.array(z.string().min(1).max(100)).min(1).max(20);
export type ActionName = (typeof actionNames)[number];

/** Whether a name is one of `actionNames`. */
export function isActionName(name: string): name is ActionName {
  return (actionNames as readonly string[]).includes(name);
}

export const ZLanguageRequest = z.object({ language: z.enum(locales) });

/**
 * POST MessageRead: mark an alert of the bell (`source` absent or 'Alert', the call's first
 * meaning) or a published message (`source: 'Message'`, issue 10: lifts a must-read message's
 * block) read or unread for the acting user.
 */
export const ZMessageReadRequest = z.object({
  id: ZBigId,
  read: z.boolean(),
  source: z.enum(['Alert', 'Message'], { message: 'validation.invalid' }).optional(),
});

export const ZAlert = z.object({
  id: z.number().int(),
  source: z.string(),
  sourceId: z.number().int().nullable(),
  title: z.string(),
  text: z.string(),
  createdAt: z.string(),
  data: z.object({ read: z.boolean(), mustRead: z.boolean() }),
  /** Route under /app the alert opens: an Order alert's order (order target helper, spec section 2), an Invoice alert's invoice page, a count audit's page (company/audit/{id}) for those who may open it. */
  target: z.string().nullable(),
});
export type Alert = z.infer<typeof ZAlert>;
