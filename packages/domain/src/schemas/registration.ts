/**
 * New customer requests (spec section 3, "New customer request"; issue 9, "Registration and
 * first sign-in"): what a prospective customer sends from /new-customer (or /visitors), and
 * the provider's list of requests and their conversion into a customer. One schema serves the
 * server's validation, the OpenAPI document and the web form (style.md 3).
 */
import { z } from 'zod';
import { countries, locationTypes } from '../enums.js';
import { locales } from '../locale.js';
import { postalCodeMatchesMask, postalMasks } from '../postal.js';
import { checkVatNumber } from '../vat-number.js';
import { ZEmailAddress, ZPhone } from './accounts.js';
import { integer, optionalText, queryId, queryInteger, requiredText, ZId, ZText } from './common.js';

/** Most pallets a year a request may state: ten million (a large pool customer moves about one million). */
export const PALLETS_PER_YEAR_MAX = 10_000_000;

const optionalEmail = z.union([z.literal(''), ZEmailAddress]).optional();

/**
 * The fields of POST NewCustomerRequests as the page sends them (spec section 3). Required:
 * company name, address, postal code and place, country, contact person, email, phone, VAT
 * number, terms accepted. The invoice address is optional; when its street is given, its
 * postal code, place and country are required too. `website` is a honeypot: people never see
 * it, a request with it filled is answered like any other and not stored. `language` is the
 * page's locale, the language of the confirmation mail.
 */
const newCustomerRequestFields = z.object({
  companyName: requiredText(200),
  address: requiredText(200),
  postalCode: requiredText(20),
  postalName: requiredText(100),
  country: z.enum(countries, { message: 'validation.required' }),
  invoiceAddress: optionalText(200),
  invoicePostalCode: optionalText(20),
  invoicePostalName: optionalText(100),
  invoiceCountry: z.enum(countries, { message: 'validation.invalid' }).optional(),
  invoiceEmail: optionalEmail,
  invoiceReference: optionalText(100),
  contactPerson: requiredText(200),
  email: ZEmailAddress,
  phone: ZPhone,
  vatNumber: requiredText(30),
  industry: optionalText(200),
  need: optionalText(2000),
  palletsPerYear: integer(0, PALLETS_PER_YEAR_MAX).optional(),
  openingHours: optionalText(200),
  termsAccepted: z.literal(true, { message: 'registration.termsRequired' }),
  website: optionalText(200),
  language: z.enum(locales).optional(),
});

/** The cross-field rules of a request: VAT number and postal codes per country, a complete invoice address. */
function checkRequest(request: z.infer<typeof newCustomerRequestFields>, context: z.RefinementCtx): void {
  const vat = checkVatNumber(request.country, request.vatNumber);
  if (!vat.ok) context.addIssue({ code: 'custom', path: ['vatNumber'], message: `registration.vat${request.country}` });
  if (!postalCodeMatchesMask(request.postalCode, postalMasks[request.country]))
    context.addIssue({ code: 'custom', path: ['postalCode'], message: 'validation.postalCode' });
  if (request.invoiceAddress) {
    for (const field of ['invoicePostalCode', 'invoicePostalName', 'invoiceCountry'] as const)
      if (!request[field]) context.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
    if (
      request.invoicePostalCode &&
      request.invoiceCountry &&
      !postalCodeMatchesMask(request.invoicePostalCode, postalMasks[request.invoiceCountry])
    )
      context.addIssue({ code: 'custom', path: ['invoicePostalCode'], message: 'validation.postalCode' });
  }
}

/** POST NewCustomerRequests: see `newCustomerRequestFields` and `checkRequest` above. */
export const ZNewCustomerRequest = newCustomerRequestFields.superRefine(checkRequest);
export type NewCustomerRequest = z.infer<typeof ZNewCustomerRequest>;
/** What the page's form holds before it is sent (everything optional, the terms unticked). */
export type NewCustomerRequestInput = z.input<typeof ZNewCustomerRequest>;

/** What became of a request: new (waiting), converted (became a customer), rejected. */
export const newCustomerRequestStatuses = ['new', 'converted', 'rejected'] as const;
export type NewCustomerRequestStatus = (typeof newCustomerRequestStatuses)[number];

/** A request in the provider's list. */
export const ZNewCustomerRequestSummary = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  countryId: z.enum(countries).nullable(),
  status: z.enum(newCustomerRequestStatuses),
  createdAt: z.string(),
});
export type NewCustomerRequestSummary = z.infer<typeof ZNewCustomerRequestSummary>;

/**
 * One request with every field as sent (`data`, the request without honeypot), what became of
 * it (who handled it, when, the customer it became) and the organisation number read from its
 * VAT number (null when the stored number no longer passes the check).
 */
export const ZNewCustomerRequestDetail = ZNewCustomerRequestSummary.extend({
  data: z.object({
    companyName: z.string(),
    address: z.string(),
    postalCode: z.string(),
    postalName: z.string(),
    country: z.enum(countries),
    invoiceAddress: z.string().optional(),
    invoicePostalCode: z.string().optional(),
    invoicePostalName: z.string().optional(),
    invoiceCountry: z.enum(countries).optional(),
    invoiceEmail: z.string().optional(),
    invoiceReference: z.string().optional(),
    contactPerson: z.string(),
    email: z.string(),
    phone: z.string(),
    vatNumber: z.string(),
    industry: z.string().optional(),
    need: z.string().optional(),
    palletsPerYear: z.number().int().optional(),
    openingHours: z.string().optional(),
    language: z.enum(locales).optional(),
  }),
  orgNumber: z.string().nullable(),
  convertedCustomerId: z.number().int().nullable(),
  convertedCustomerName: z.string().nullable(),
  handledByName: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type NewCustomerRequestDetail = z.infer<typeof ZNewCustomerRequestDetail>;

/** GET NewCustomerRequests: newest first, narrowed to one status when given; pages of `count` from `offset`. */
export const ZNewCustomerRequestsQuery = z.object({
  status: z.enum(newCustomerRequestStatuses).optional(),
  count: queryInteger(1, 500).default(100),
  offset: queryInteger(0, 1_000_000).default(0),
});
export type NewCustomerRequestsQuery = z.infer<typeof ZNewCustomerRequestsQuery>;

export const ZNewCustomerRequestsResponse = z.object({ items: z.array(ZNewCustomerRequestSummary), total: z.number().int() });
export type NewCustomerRequestsResponse = z.infer<typeof ZNewCustomerRequestsResponse>;

/** Path of GET NewCustomerRequests/{id}. */
export const ZNewCustomerRequestParam = z.object({ id: queryId });

/** Customer types a request may become (the CustomerType report level). */
export const convertibleCustomerTypes = ['supplier', 'wholesale', 'retail', 'haulier'] as const;

/** A login name: 3 to 50 letters, digits, dots, dashes, underscores or @. */
export const ZLoginName = ZText.trim()
  .min(3, { message: 'registration.loginNameLength' })
  .max(50, { message: 'registration.loginNameLength' })
  .regex(/^[\p{L}\p{N}._@-]+$/u, { message: 'registration.loginNameCharacters' });

/**
 * POST NewCustomerRequestConversion: turns a new request into a customer (its name, country,
 * organisation number and emails from the request; `customerType` chosen), its first location
 * (the request's address; `locationNumber` unique across the portal, `locationTypeId` chosen;
 * provider depots (NLP) excluded) and its administrator (the contact person, `loginName`
 * chosen, unique in any case). The pooling and commission flags of the location are chosen too.
 */
export const ZNewCustomerRequestConversion = z.object({
  id: ZId,
  customerType: z.enum(convertibleCustomerTypes),
  locationNumber: ZText.trim()
    .min(1, { message: 'validation.required' })
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'validation.locationNumber' }),
  locationTypeId: z.enum(locationTypes.filter((type) => type !== 'NLP') as ['LEV', 'GRS', 'TRP', 'BUT']),
  isPooling: z.boolean().default(true),
  isCommission: z.boolean().default(false),
  loginName: ZLoginName,
});
export type NewCustomerRequestConversion = z.infer<typeof ZNewCustomerRequestConversion>;
export type NewCustomerRequestConversionInput = z.input<typeof ZNewCustomerRequestConversion>;

/** POST NewCustomerRequestStatus: rejects a new request (only `rejected`; a converted one stays converted). */
export const ZNewCustomerRequestStatusChange = z.object({
  id: ZId,
  status: z.literal('rejected'),
});
export type NewCustomerRequestStatusChange = z.infer<typeof ZNewCustomerRequestStatusChange>;
