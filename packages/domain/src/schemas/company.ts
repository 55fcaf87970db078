/** Company: external locations (spec section 3, "External location"). */
import { z } from 'zod';
import { countries } from '../enums.js';
import { optionalText, queryBool, requiredText, text, ZId, ZText } from './common.js';
import { optionalEmail } from './company-users.js';

/**
 * A sender or receiver outside the portal (spec section 3, "External location"), registered
 * by a customer: the other end of a delivery. `locationNumber` is unique across the portal
 * (spec section 5); `gln` is 13 digits with a valid GS1 check digit, or null.
 */
export const ZExternalLocation = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  name: z.string(),
  locationNumber: z.string(),
  gln: z.string().nullable(),
  contactName: z.string().nullable(),
  /** Where the portal mails what concerns it (a pallet receipt: docs/pallet-receipts.md), or null. */
  email: z.string().nullable(),
  street: z.string().nullable(),
  postalCode: z.string().nullable(),
  postalName: z.string().nullable(),
  countryId: z.enum(countries),
  active: z.boolean(),
});
export type ExternalLocation = z.infer<typeof ZExternalLocation>;

/**
 * GET ExternalLocations: the acting customer's external locations, by name. `term` matches
 * the name anywhere or the location number or GLN from the start; `countryId` narrows to one
 * country; inactive ones only with `includeInactive`.
 */
export const ZExternalLocationsQuery = z.object({
  term: text(100).optional(),
  countryId: z.enum(countries).optional(),
  includeInactive: queryBool.optional(),
});
export type ExternalLocationsQuery = z.infer<typeof ZExternalLocationsQuery>;

/**
 * POST ExternalLocations: create (no `id`) or update one of the acting customer's external
 * locations. The location number must not be used by any other external location
 * (LOCATION_NUMBER_EXISTS, 'Location number already exists'); a GLN, when given, must pass
 * the GS1 check (spec section 5); a postal code must fit the country's mask. Leaving
 * `active` out keeps it as it is (a new one is active).
 */
export const ZSaveExternalLocationRequest = z.object({
  id: ZId.optional(),
  name: requiredText(200),
  locationNumber: ZText.trim()
    .min(1, { message: 'validation.required' })
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'validation.locationNumber' }),
  gln: optionalText(20),
  contactName: optionalText(200),
  /** Null or empty: none (a client may send back what GET answered). */
  email: optionalEmail.nullable().optional(),
  street: optionalText(200),
  postalCode: optionalText(20),
  postalName: optionalText(100),
  countryId: z.enum(countries),
  active: z.boolean().optional(),
});
export type SaveExternalLocationRequest = z.infer<typeof ZSaveExternalLocationRequest>;

/**
 * DELETE ExternalLocations/{id}: what became of the external location. One that orders name
 * (as their receiver) is kept, made inactive, so the orders keep their receiver
 * (`deactivated`); one no order names is removed (`deleted`).
 */
export const ZDeleteExternalLocationResponse = z.object({
  id: z.number().int(),
  outcome: z.enum(['deleted', 'deactivated']),
});
export type DeleteExternalLocationResponse = z.infer<typeof ZDeleteExternalLocationResponse>;
