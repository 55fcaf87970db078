/**
 * A temporary delivery address for one order (spec section 3): name, street, postal code and
 * place, and the country; the postal code must fit the country's mask (spec section 5). The
 * code and place stay disabled until the country is chosen; changing the country clears them.
 */
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import type { Country } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { addressCountries, type TempAddressValues } from '../../lib/order-form';

interface TempAddressFieldsProps {
  value: TempAddressValues;
  onChange: (patch: Partial<TempAddressValues>) => void;
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

/** The address fields. */
export function TempAddressFields({ value, onChange, errors }: TempAddressFieldsProps) {
  const { t, i18n } = useTranslation('orders');
  const noCountry = !value.countryId;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label={t('address.name')}
        required
        maxLength={200}
        value={value.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
        error={errors['temp.name']}
      />
      <TextInput
        label={t('address.street')}
        required
        maxLength={200}
        value={value.street}
        onChange={(e) => onChange({ street: e.currentTarget.value })}
        error={errors['temp.street']}
      />
      <Select
        label={t('address.country')}
        required
        data={addressCountries.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
        value={value.countryId}
        onChange={(countryId) => onChange({ countryId: countryId as Country | null, postalCode: '', postalName: '' })}
        error={errors['temp.countryId']}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label={t('address.postalCode')}
          required
          maxLength={20}
          disabled={noCountry}
          value={value.postalCode}
          onChange={(e) => onChange({ postalCode: e.currentTarget.value })}
          error={errors['temp.postalCode']}
        />
        <TextInput
          label={t('address.postalName')}
          required
          maxLength={100}
          disabled={noCountry}
          value={value.postalName}
          onChange={(e) => onChange({ postalName: e.currentTarget.value })}
          error={errors['temp.postalName']}
        />
      </SimpleGrid>
    </SimpleGrid>
  );
}
