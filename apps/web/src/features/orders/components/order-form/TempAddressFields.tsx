/**
 * A temporary delivery address for one order (spec section 3): name, street, and the shared
 * address fields (components/address-fields: the country first, the post code checked against
 * the country's masks and looked up in the postal register, the place filled in or typed).
 */
import { AddressFields, type AddressValue } from '../../../../components/address-fields/AddressFields';
import type { TempAddressValues } from '../../lib/order-form';

interface TempAddressFieldsProps {
  value: TempAddressValues;
  onChange: (patch: Partial<TempAddressValues>) => void;
  /** The form's messages by field path (`temp.name`, `temp.postalCode`, ...). */
  errors: Record<string, string>;
}

/** A country's name in the locale (Intl.DisplayNames), else its code. */
export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address fields of a temporary address. */
export function TempAddressFields({ value, onChange, errors }: TempAddressFieldsProps) {
  return (
    <AddressFields
      fields={['name', 'street']}
      value={value}
      onChange={(next: AddressValue) =>
        onChange({
          name: next.name ?? '',
          street: next.street ?? '',
          countryId: next.countryId,
          postalCode: next.postalCode,
          postalName: next.postalName,
        })
      }
      errors={{
        name: errors['temp.name'],
        street: errors['temp.street'],
        countryId: errors['temp.countryId'],
        postalCode: errors['temp.postalCode'],
        postalName: errors['temp.postalName'],
      }}
    />
  );
}
