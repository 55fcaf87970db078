/**
 * Street, postal code, place and country of the new-customer form (its address, or its
 * invoice address), following the address rules of spec section 5: postal code and place are
 * disabled until a country is chosen, and changing the country clears them.
 */
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { countries } from '@portal/domain';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation(['registration', 'messages']);
  const country = form.values[names.country];
  const label = (field: string) => t(`messages:registration.fields.${field}`);
  return (
    <>
      <TextInput label={label(names.street)} required autoComplete="street-address" maxLength={200} {...form.getInputProps(names.street)} />
      <NativeSelect
        label={label(names.country)}
        required
        data={[
          { value: '', label: t('page.chooseCountry') },
          ...countries.map((c) => ({ value: c, label: t(`messages:registration.countries.${c}`) })),
        ]}
        {...form.getInputProps(names.country)}
        onChange={(event) => {
          form.setFieldValue(names.country, event.currentTarget.value as RequestFormValues['country']);
          form.setFieldValue(names.postalCode, '');
          form.setFieldValue(names.postalName, '');
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={label(names.postalCode)}
          required
          disabled={!country}
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={20}
          {...form.getInputProps(names.postalCode)}
        />
        <TextInput
          label={label(names.postalName)}
          required
          disabled={!country}
          autoComplete="address-level2"
          maxLength={100}
          {...form.getInputProps(names.postalName)}
        />
      </SimpleGrid>
    </>
  );
}
