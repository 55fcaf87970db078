/**
 * The location dialog's form values: from a location (or empty for a new one), and the POST
 * Locations request they make (docs/company-locations.md).
 */
import type { CompanyLocation, Country, SaveLocationRequest } from '@portal/domain';
import type { AddressField, AddressValue } from '../../../components/address-fields/AddressFields';

/** The provider's scheme flags of a location. */
export type Flags = NonNullable<SaveLocationRequest['flags']>;
/** The flags in the order the dialog shows them. */
export const flagNames: (keyof Flags)[] = [
  'isPooling',
  'isCommission',
  'isReturnScheme',
  'isDispatch',
  'isContainerActive',
  'isSortingDepot',
];

/** The form's values: texts as typed, selects as their option values, the street address as the address fields edit it. */
export interface Values {
  name: string;
  number: string;
  gln: string;
  typeId: string;
  statusId: string;
  loadType: string | null;
  hasRamp: boolean;
  needsLift: boolean;
  deliveryFrom: string;
  deliveryTo: string;
  deliveryInstructions: string;
  transportInstructions: string;
  emailOrderConfirmation: string;
  emailPurchase: string;
  emailReturn: string;
  parentLocationId: string | null;
  address: AddressValue;
  flags: Flags;
}

/** The values of a location, or of a new one in `defaultCountry`. */
export function valuesOf(location: CompanyLocation | null, defaultCountry: Country | null): Values {
  return {
    name: location?.name ?? '',
    number: location?.number ?? '',
    gln: location?.gln ?? '',
    typeId: location?.typeId ?? 'GRS',
    statusId: String(location?.statusId ?? 1),
    loadType: location?.loadType ?? null,
    hasRamp: location?.hasRamp ?? false,
    needsLift: location?.needsLift ?? false,
    deliveryFrom: location?.deliveryFrom ?? '',
    deliveryTo: location?.deliveryTo ?? '',
    deliveryInstructions: location?.deliveryInstructions ?? '',
    transportInstructions: location?.transportInstructions ?? '',
    emailOrderConfirmation: location?.emailOrderConfirmation ?? '',
    emailPurchase: location?.emailPurchase ?? '',
    emailReturn: location?.emailReturn ?? '',
    parentLocationId: location?.parentLocationId ? String(location.parentLocationId) : null,
    address: {
      countryId: location?.countryId ?? defaultCountry,
      street: location?.street ?? '',
      postalCode: location?.postalCode ?? '',
      postalName: location?.postalName ?? '',
    },
    flags: Object.fromEntries(flagNames.map((f) => [f, location?.[f] ?? false])) as Flags,
  };
}

/** Field -> translated message, for the form's fields and the address fields. */
export type FieldErrors = Partial<Record<keyof Values | AddressField | 'street', string>>;

/** The POST Locations request of the values; the flags only from a global admin. */
export function requestOf(values: Values, location: CompanyLocation | null, globalAdmin: boolean): SaveLocationRequest {
  if (!values.address.countryId) throw new Error('requestOf: no country');
  return {
    ...(location ? { id: location.id } : {}),
    name: values.name.trim(),
    number: values.number.trim(),
    gln: values.gln || undefined,
    typeId: values.typeId as SaveLocationRequest['typeId'],
    statusId: values.statusId === '2' ? 2 : 1,
    loadType: (values.loadType as SaveLocationRequest['loadType']) ?? null,
    hasRamp: values.hasRamp,
    needsLift: values.needsLift,
    deliveryFrom: values.deliveryFrom || null,
    deliveryTo: values.deliveryTo || null,
    deliveryInstructions: values.deliveryInstructions,
    transportInstructions: values.transportInstructions,
    emailOrderConfirmation: values.emailOrderConfirmation,
    emailPurchase: values.emailPurchase,
    emailReturn: values.emailReturn,
    street: values.address.street?.trim() ?? '',
    postalCode: values.address.postalCode.trim(),
    postalName: values.address.postalName.trim(),
    countryId: values.address.countryId,
    parentLocationId: values.parentLocationId ? Number(values.parentLocationId) : null,
    ...(globalAdmin ? { flags: values.flags } : {}),
  };
}

/**
 * The ids of the dialogs in the location dialog's `Modal.Stack`: the address dialog and the
 * questions before a deletion open over it, and Escape closes only the one on top.
 */
export const LOCATION_STACK = {
  location: 'location',
  deleteLocation: 'location-delete',
  address: 'location-address',
  deleteAddress: 'location-address-delete',
} as const;
