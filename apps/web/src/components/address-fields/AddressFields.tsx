/**
 * The shared address fields (spec sections 2, 3 and 5; issue 9 "The address dialog
 * everywhere"): the country first (only available countries, GET AddressCountryRegions), then
 * the post code, checked against the country's masks (several separated by a bar, spaces
 * ignored) and looked up 500 ms after typing stops (GET AddressZipCode), and the post place.
 * - Code and place are disabled until a country is chosen; changing the country clears both.
 * - A code the register knows fills the place; one it does not know leaves the place empty and
 *   editable, with "Could not find post place".
 * - `fields` adds a name and/or street field, as the caller needs.
 *
 * Controlled: `value` and `onChange` (the whole address each time). With Mantine's useForm,
 * keep the address under one path and pass
 * `value={form.getValues().address}`, `onChange={(v) => form.setFieldValue('address', v)}` and
 * `errors={{ postalCode: form.errors['address.postalCode'] as string, ... }}`; call
 * `addressErrors(value, countries, t)` (or the server's field messages) to validate.
 * Texts: namespace `address`.
 */
import { Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type Country, type CountryRegion, postalCodeMatchesMask } from '@portal/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryRegions, usePostalPlace } from './api';

/** An address as the fields edit it; `name` and `street` only when the caller shows them. */
export interface AddressValue {
  countryId: Country | null;
  postalCode: string;
  postalName: string;
  name?: string;
  street?: string;
}

export type AddressField = 'name' | 'street' | 'countryId' | 'postalCode' | 'postalName';

/** An empty address, in `countryId` when given (e.g. the acting location's country). */
export const emptyAddress = (countryId: Country | null = null, withFields: ('name' | 'street')[] = []): AddressValue => ({
  countryId,
  postalCode: '',
  postalName: '',
  ...Object.fromEntries(withFields.map((f) => [f, ''])),
});

/** How long the lookup waits after the last key (issue 9: 500 ms). */
export const LOOKUP_WAIT_MS = 500;

/**
 * The fields' own checks, as the server makes them: country, code and place required (name
 * and street too when shown); the code fits one of the country's masks.
 * @returns field -> translated message (namespace `address`), empty when the address is fine
 */
export function addressErrors(
  value: AddressValue,
  countries: readonly CountryRegion[] | undefined,
  t: (key: string) => string,
  withFields: ('name' | 'street')[] = [],
): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  for (const field of withFields) if (!value[field]?.trim()) errors[field] = t('address:required');
  if (!value.countryId) errors.countryId = t('address:required');
  if (!value.postalCode.trim()) errors.postalCode = t('address:required');
  else {
    const mask = countries?.find((c) => c.id === value.countryId)?.zipCodeMask;
    if (mask && !postalCodeMatchesMask(value.postalCode, mask)) errors.postalCode = t('address:postalCodeMask');
  }
  if (!value.postalName.trim()) errors.postalName = t('address:required');
  return errors;
}

interface AddressFieldsProps {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  /** Translated messages by field (the caller's checks or the server's field messages). */
  errors?: Partial<Record<AddressField, ReactNode>>;
  /** Extra fields before the country: a name, a street. */
  fields?: ('name' | 'street')[];
  /** Whether the fields are required (the asterisks); default true. */
  required?: boolean;
  disabled?: boolean;
}

/** The address fields; see the file comment. */
export function AddressFields({ value, onChange, errors = {}, fields = [], required = true, disabled = false }: AddressFieldsProps) {
  const { t, i18n } = useTranslation('address');
  const countries = useCountryRegions(i18n.language);
  const mask = countries.data?.find((c) => c.id === value.countryId)?.zipCodeMask ?? null;
  const code = value.postalCode.replace(/\s/g, '');
  const fits = !!mask && postalCodeMatchesMask(code, mask);
  const [waited] = useDebouncedValue(fits ? code : '', LOOKUP_WAIT_MS);
  const lookup = usePostalPlace(value.countryId, waited, waited !== '' && waited === code);
  /** The place the last lookup filled in: cleared again when the code changes. */
  const filled = useRef<string | null>(null);
  const latest = useRef(value);
  latest.current = value;

  /** The country and code whose place was filled in last: each answer fills the place once. */
  const applied = useRef<string | null>(null);

  useEffect(() => {
    const found = lookup.data?.name;
    const key = `${value.countryId}:${waited}`;
    if (!lookup.isSuccess || !found || applied.current === key) return;
    if (waited !== code) return;
    applied.current = key;
    filled.current = found;
    if (latest.current.postalName !== found) onChange({ ...latest.current, postalName: found });
  }, [lookup.isSuccess, lookup.data, waited, code, value.countryId, onChange]);

  const noCountry = !value.countryId || disabled;
  const notFound = fits && waited === code && lookup.isSuccess && lookup.data.name === null;
  const codeError =
    errors.postalCode ?? (code.length > 0 && mask && !fits && code.length >= maxDigits(mask) ? t('postalCodeMask') : undefined);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {fields.includes('name') && (
        <TextInput
          label={t('name')}
          required={required}
          maxLength={200}
          disabled={disabled}
          value={value.name ?? ''}
          onChange={(e) => onChange({ ...value, name: e.currentTarget.value })}
          error={errors.name}
        />
      )}
      {fields.includes('street') && (
        <TextInput
          label={t('street')}
          required={required}
          maxLength={200}
          disabled={disabled}
          value={value.street ?? ''}
          onChange={(e) => onChange({ ...value, street: e.currentTarget.value })}
          error={errors.street}
        />
      )}
      <Select
        label={t('country')}
        required={required}
        disabled={disabled}
        placeholder={t('chooseCountry')}
        data={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={value.countryId}
        onChange={(next) => {
          filled.current = null;
          applied.current = null;
          onChange({ ...value, countryId: (next as Country | null) ?? null, postalCode: '', postalName: '' });
        }}
        error={errors.countryId}
        comboboxProps={{ withinPortal: true }}
      />
      <TextInput
        label={t('postalCode')}
        required={required}
        disabled={noCountry}
        maxLength={20}
        inputMode="numeric"
        autoComplete="postal-code"
        description={mask ? t('postalCodeFormat', { mask: mask.replaceAll('|', ` ${t('or')} `).replaceAll('#', '9') }) : undefined}
        value={value.postalCode}
        onChange={(e) => {
          const next = e.currentTarget.value;
          // A place the lookup filled in belongs to the old code.
          const postalName = filled.current !== null && value.postalName === filled.current ? '' : value.postalName;
          filled.current = postalName === '' ? null : filled.current;
          applied.current = null;
          onChange({ ...value, postalCode: next, postalName });
        }}
        rightSection={lookup.isFetching ? <Loader size="xs" role="status" aria-label={t('lookingUp')} /> : null}
        error={codeError}
      />
      <TextInput
        label={t('postalName')}
        required={required}
        disabled={noCountry}
        maxLength={100}
        autoComplete="address-level2"
        value={value.postalName}
        onChange={(e) => {
          filled.current = null;
          onChange({ ...value, postalName: e.currentTarget.value });
        }}
        description={notFound && !value.postalName ? t('placeNotFound') : undefined}
        error={errors.postalName}
      />
    </SimpleGrid>
  );
}

/** The most digits any of a country's masks holds. */
function maxDigits(mask: string): number {
  return Math.max(...mask.split('|').map((m) => (m.match(/#/g) ?? []).length));
}
