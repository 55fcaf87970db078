/**
 * Addresses and a customer's own locations (spec sections 3, 5 and 7: Country region,
 * Location, the address dialog; Company > Locations). docs/company-locations.md has the rules.
 */
import { z } from 'zod';
import { countries, type LocationType, locationTypes } from '../enums.js';
import { optionalText, requiredText, text, ZId, ZText } from './common.js';

/** A country the portal serves (spec section 3, "Country region"); name in the caller's language. */
export const ZCountryRegion = z.object({
  id: z.enum(countries),
  name: z.string(),
  isAvailable: z.boolean(),
  isDefault: z.boolean(),
  /** Postal code masks separated by a bar, `#` a digit (e.g. `### ##|#####`). */
  zipCodeMask: z.string(),
});
export type CountryRegion = z.infer<typeof ZCountryRegion>;

/** GET AddressZipCode: a country and a postal code (spaces ignored). */
export const ZAddressZipCodeQuery = z.object({
  countryId: z.enum(countries),
  postalCode: requiredText(20),
});
export type AddressZipCodeQuery = z.infer<typeof ZAddressZipCodeQuery>;

/** GET AddressZipCode: the postal place of the code, or null when the register does not know it. */
export const ZAddressZipCodeResponse = z.object({ name: z.string().nullable() });
export type AddressZipCodeResponse = z.infer<typeof ZAddressZipCodeResponse>;

/** A location's delivery address (the address dialog). */
export const ZDeliveryAddress = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  postalName: z.string(),
  countryId: z.enum(countries),
});
export type DeliveryAddress = z.infer<typeof ZDeliveryAddress>;

/**
 * POST Addresses: create (no `id`) or update a delivery address of one of the caller's
 * locations. The postal code must fit one of the country's masks (stored as the mask writes
 * it); the postal place is required (the lookup fills it, or the user types it when the
 * register does not know the code).
 */
export const ZSaveAddressRequest = z.object({
  id: ZId.optional(),
  locationId: ZId,
  name: requiredText(200),
  street: requiredText(200),
  postalCode: requiredText(20),
  postalName: requiredText(100),
  countryId: z.enum(countries),
});
export type SaveAddressRequest = z.infer<typeof ZSaveAddressRequest>;

/**
 * The type filter of the Locations list (spec section 3): all; customer / vendor (types LEV
 * supplier, NLP provider depot, TRP haulier); retail / wholesaler (BUT store, GRS wholesaler).
 */
export const locationTypeFilters = ['all', 'customerVendor', 'retailWholesaler'] as const;
export type LocationTypeFilter = (typeof locationTypeFilters)[number];
/** The location types of each filter (docs/company-locations.md). */
export const locationTypesOfFilter: Record<Exclude<LocationTypeFilter, 'all'>, readonly LocationType[]> = {
  customerVendor: ['LEV', 'NLP', 'TRP'],
  retailWholesaler: ['GRS', 'BUT'],
};
/** Load types a location can take carriers by (spec section 3, "loadType"). */
export const loadTypes = ['rear', 'side', 'rear and side'] as const;

/** GET CompanyLocations: the acting customer's locations, narrowed by the type filter. */
export const ZCompanyLocationsQuery = z.object({
  type: z.enum(locationTypeFilters).optional(),
});
export type CompanyLocationsQuery = z.infer<typeof ZCompanyLocationsQuery>;

/** One row of the Locations list. `statusId` 1 active, 2 blocked; `orderCount` orders from or to it. */
export const ZCompanyLocationRow = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string(),
  gln: z.string().nullable(),
  typeId: z.string(),
  statusId: z.number().int(),
  parentLocationId: z.number().int().nullable(),
  street: z.string(),
  postalCode: z.string(),
  postalName: z.string(),
  countryId: z.enum(countries),
  orderCount: z.number().int(),
});
export type CompanyLocationRow = z.infer<typeof ZCompanyLocationRow>;

/** The provider's scheme flags of a location: only a global admin changes them (docs/company-locations.md). */
export const ZLocationSchemeFlags = z.object({
  isPooling: z.boolean(),
  isCommission: z.boolean(),
  isReturnScheme: z.boolean(),
  isDispatch: z.boolean(),
  isContainerActive: z.boolean(),
  isSortingDepot: z.boolean(),
});

/** One location with everything its dialog shows: fields, flags, delivery addresses, sub-locations. */
export const ZCompanyLocation = ZCompanyLocationRow.extend({
  ...ZLocationSchemeFlags.shape,
  customerGroup: z.string(),
  loadType: z.string().nullable(),
  hasRamp: z.boolean(),
  needsLift: z.boolean(),
  /** HH:mm, or null. */
  deliveryFrom: z.string().nullable(),
  deliveryTo: z.string().nullable(),
  deliveryInstructions: z.string().nullable(),
  transportInstructions: z.string().nullable(),
  emailOrderConfirmation: z.string().nullable(),
  emailPurchase: z.string().nullable(),
  emailReturn: z.string().nullable(),
  addresses: z.array(ZDeliveryAddress),
  subLocations: z.array(z.object({ id: z.number().int(), name: z.string(), number: z.string() })),
});
export type CompanyLocation = z.infer<typeof ZCompanyLocation>;

/** A time of day, HH:mm (00:00 to 23:59). */
const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.invalid' });

/**
 * One or more email addresses separated by commas or semicolons (`isEmailList`); empty counts
 * as not given. The use case checks the addresses, answering the field's 'locations.email'.
 */
const emailList = text(500).optional();

/** Whether a text is one or more email addresses separated by commas or semicolons. */
export function isEmailList(value: string): boolean {
  return value.split(/[,;]/).every((part) => z.email().safeParse(part.trim()).success);
}

/**
 * POST Locations: create (no `id`) or update one of the acting customer's locations. The
 * number is unique across the portal; a GLN, when given, is 13 digits with a valid GS1 check
 * digit and used by no other location; `parentLocationId` is another location of the same
 * customer that is not below this one (no cycles); `deliveryFrom` is not after `deliveryTo`.
 * `flags` and type NLP only from a global admin (403 otherwise).
 */
export const ZSaveLocationRequest = z.object({
  id: ZId.optional(),
  name: requiredText(200),
  number: ZText.trim()
    .min(1, { message: 'validation.required' })
    .max(50, { message: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}._/-]+$/u, { message: 'validation.locationNumber' }),
  gln: optionalText(20),
  typeId: z.enum(locationTypes),
  statusId: z.union([z.literal(1), z.literal(2)]),
  loadType: z.enum(loadTypes).nullable().optional(),
  hasRamp: z.boolean(),
  needsLift: z.boolean(),
  deliveryFrom: ZTimeOfDay.nullable().optional(),
  deliveryTo: ZTimeOfDay.nullable().optional(),
  deliveryInstructions: optionalText(1000),
  transportInstructions: optionalText(1000),
  emailOrderConfirmation: emailList,
  emailPurchase: emailList,
  emailReturn: emailList,
  street: requiredText(200),
  postalCode: requiredText(20),
  postalName: requiredText(100),
  countryId: z.enum(countries),
  parentLocationId: ZId.nullable().optional(),
  flags: ZLocationSchemeFlags.optional(),
});
export type SaveLocationRequest = z.infer<typeof ZSaveLocationRequest>;

/** DELETE Locations/{id}: `deleted`, or `blocked` (status 2) when orders, balances or users keep it. */
export const ZDeleteLocationResponse = z.object({ outcome: z.enum(['deleted', 'blocked']) });
export type DeleteLocationResponse = z.infer<typeof ZDeleteLocationResponse>;
