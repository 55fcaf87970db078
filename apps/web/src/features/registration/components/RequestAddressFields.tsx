/**
 * Street, country, postal code and place of the new-customer form (its address, or its
 * invoice address), through the shared address fields (components/address-fields: country
 * first, the code checked against the country's masks and its place looked up after 500 ms,
 * code and place cleared when the country changes; spec section 5). The form keeps the
 * request's flat fields; this maps them to and from the fields' address value.
 */
import type { UseFormReturnType } from '@mantine/form';
import type { Country } from '@portal/domain';
import { useCallback } from 'react';
import { AddressFields, type AddressValue } from '../../../components/address-fields/AddressFields';
import type { RequestFormValues } from '../lib/request-form';

type Names =
  | { street: 'address'; postalCode: 'postalCode'; postalName: 'postalName'; country: 'country' }
  | { street: 'invoiceAddress'; postalCode: 'invoicePostalCode'; postalName: 'invoicePostalName'; country: 'invoiceCountry' };

export const addressNames: Names = { street: 'address', postalCode: 'postalCode', postalName: 'postalName', country: 'country' };
export const invoiceAddressNames: Names = {
  street: 'invoiceAddress',
  postalCode: 'invoicePostalCode',
  postalName: 'invoicePostalName',
  country: 'invoiceCountry',
};

export function RequestAddressFields({ form, names }: { form: UseFormReturnType<RequestFormValues>; names: Names }) {
  const values = form.values;
  const value: AddressValue = {
    street: values[names.street],
    countryId: values[names.country] || null,
    postalCode: values[names.postalCode],
    postalName: values[names.postalName],
  };
  const { setValues, clearFieldError } = form;
  const onChange = useCallback(
    (next: AddressValue) => {
      setValues({
        [names.street]: next.street ?? '',
        [names.country]: (next.countryId ?? '') as Country | '',
        [names.postalCode]: next.postalCode,
        [names.postalName]: next.postalName,
      });
      for (const field of Object.values(names)) clearFieldError(field);
    },
    [setValues, clearFieldError, names],
  );
  const error = (field: keyof Names) => form.errors[names[field]] as string | undefined;
  return (
    <AddressFields
      value={value}
      onChange={onChange}
      fields={['street']}
      errors={{ street: error('street'), countryId: error('country'), postalCode: error('postalCode'), postalName: error('postalName') }}
    />
  );
}
