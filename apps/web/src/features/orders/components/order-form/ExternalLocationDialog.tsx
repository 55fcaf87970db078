/**
 * The external location dialog (spec section 2, "Dialogs: external location"; section 3): a
 * receiver outside the portal that the customer registers from the delivery dialog, with name,
 * location number, GLN, contact, address and country. Checked before sending as the server
 * does (spec section 5): name, number and country required; a GLN of 13 digits with a valid
 * check digit, or none; a postal code that fits the country. The server's refusals ('Location
 * number already exists', a wrong GLN) land on their fields.
 */
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type Country, type ExternalLocation, GLN_LENGTH, postalCodeMatchesMask, postalMasks, validateGln } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { useSaveExternalLocation } from '../../api/external-locations';
import { notifyError } from '../../lib/notify';
import { addressCountries } from '../../lib/order-form';
import { countryName } from './TempAddressFields';

interface ExternalLocationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The country a new one starts in (the acting location's). */
  defaultCountryId: Country | null;
  onSaved: (location: ExternalLocation) => void;
}

type Field = 'name' | 'locationNumber' | 'gln' | 'contactName' | 'street' | 'postalCode' | 'postalName';

const empty: Record<Field, string> = { name: '', locationNumber: '', gln: '', contactName: '', street: '', postalCode: '', postalName: '' };

/** The dialog; it mounts its form afresh on every opening. */
export function ExternalLocationDialog({ opened, onClose, defaultCountryId, onSaved }: ExternalLocationDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={t('external.title')} size="lg" closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      {opened && <ExternalLocationForm defaultCountryId={defaultCountryId} onClose={onClose} onSaved={onSaved} />}
    </Modal>
  );
}

function ExternalLocationForm({ defaultCountryId, onClose, onSaved }: Omit<ExternalLocationDialogProps, 'opened'>) {
  const { t, i18n } = useTranslation('orders');
  const save = useSaveExternalLocation();
  const [values, setValues] = useState(empty);
  const [countryId, setCountryId] = useState<Country | null>(defaultCountryId);
  const [errors, setErrors] = useState<Partial<Record<Field | 'countryId', string>>>({});

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const check = () => {
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = t('dialog.required');
    if (!values.locationNumber.trim()) found.locationNumber = t('dialog.required');
    if (!countryId) found.countryId = t('dialog.required');
    const gln = validateGln(values.gln.trim());
    if (!gln.ok) found.gln = gln.reason === 'checkDigit' ? t('external.glnCheckDigit') : t('external.glnDigits', { n: GLN_LENGTH });
    const postalCode = values.postalCode.trim();
    if (postalCode && countryId && !postalCodeMatchesMask(postalCode, postalMasks[countryId]))
      found.postalCode = t('address.postalCodeMask');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length || !countryId) return;
    try {
      const given = (field: Field) => values[field].trim() || undefined;
      const saved = await save.mutateAsync({
        name: values.name.trim(),
        locationNumber: values.locationNumber.trim(),
        gln: given('gln'),
        contactName: given('contactName'),
        street: given('street'),
        postalCode: given('postalCode'),
        postalName: given('postalName'),
        countryId,
      });
      onSaved(saved);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const known = Object.fromEntries(Object.entries(fields).filter(([key]) => key in empty || key === 'countryId'));
      if (Object.keys(known).length) setErrors(known);
      else notifyError(t('external.saveFailed'), (error as Error).message);
    }
  };

  const text = (
    field: Field,
    options: { required?: boolean; maxLength: number; placeholder?: string; inputMode?: 'numeric'; disabled?: boolean },
  ) => (
    <TextInput
      label={t(`external.${field}`)}
      required={options.required}
      maxLength={options.maxLength}
      placeholder={options.placeholder}
      inputMode={options.inputMode}
      disabled={options.disabled}
      value={values[field]}
      onChange={(event) => change(field, event.currentTarget.value)}
      error={errors[field]}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('name', { required: true, maxLength: 200 })}
          {text('locationNumber', { required: true, maxLength: 50 })}
          {text('gln', { maxLength: GLN_LENGTH, placeholder: t('external.glnPlaceholder', { n: GLN_LENGTH }), inputMode: 'numeric' })}
          {text('contactName', { maxLength: 200 })}
          {text('street', { maxLength: 200 })}
          <Select
            label={t('address.country')}
            required
            data={addressCountries.map((code) => ({ value: code, label: countryName(code, i18n.language) }))}
            value={countryId}
            onChange={(next) => {
              setCountryId(next as Country | null);
              setValues((current) => ({ ...current, postalCode: '', postalName: '' }));
              setErrors((current) => ({ ...current, countryId: undefined, postalCode: undefined }));
            }}
            error={errors.countryId}
          />
          {text('postalCode', { maxLength: 20, disabled: !countryId })}
          {text('postalName', { maxLength: 100, disabled: !countryId })}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('external.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
