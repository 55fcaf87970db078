/**
 * The external location dialog (spec section 2, "Dialogs: external location"; section 3), shared
 * by the delivery dialog ("New external location") and Company > External locations (new and
 * edit): name, location number, GLN, contact, and the address (street, country, post code
 * looked up in the country's register, post place: the shared address fields), and on an edit
 * whether it is active. Checked before sending as the server does (spec section 5): name,
 * number and country required; a GLN of 13 digits with a valid check digit, or none (the
 * location dialog's GLN field: digits only, checked by the server as typed); a post
 * code, when given, that fits the country's masks. The server's refusals ('Location number
 * already exists', a wrong GLN) land on their fields. Texts: namespaces `externalLocations` and
 * `address` (the address fields).
 */
import { Button, Group, Loader, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { type Country, type ExternalLocation, postalCodeMatchesMask } from '@portal/domain';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, type AddressValue } from '../../../components/address-fields/AddressFields';
import { useCountryRegions } from '../../../components/address-fields/api';
import { GlnInput, glnError } from '../../../components/gln-input/GlnInput';
import { ApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/notify';
import { useSaveExternalLocation } from './api';

interface ExternalLocationDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The country a new one starts in (the acting location's). */
  defaultCountryId: Country | null;
  /** The external location to change; a new one without. */
  location?: ExternalLocation | null;
  onSaved: (location: ExternalLocation) => void;
}

type Field = 'name' | 'locationNumber' | 'gln' | 'contactName' | 'email';
type AddressPart = 'street' | 'countryId' | 'postalCode' | 'postalName';

const fields: readonly Field[] = ['name', 'locationNumber', 'gln', 'contactName', 'email'];
const addressParts: readonly AddressPart[] = ['street', 'countryId', 'postalCode', 'postalName'];

/**
 * The dialog; it mounts its form afresh on every opening. Its texts load on their own (a
 * Suspense of its own), so the screen that holds it never waits for them.
 */
export function ExternalLocationDialog(props: ExternalLocationDialogProps) {
  return (
    <Suspense fallback={props.opened ? <Loader size="sm" aria-hidden /> : null}>
      <Dialog {...props} />
    </Suspense>
  );
}

function Dialog({ opened, onClose, location, ...rest }: ExternalLocationDialogProps) {
  const { t } = useTranslation('externalLocations');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={location ? t('dialog.editTitle') : t('dialog.newTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
    >
      {opened && <ExternalLocationForm location={location ?? null} onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ExternalLocationForm({
  defaultCountryId,
  location,
  onClose,
  onSaved,
}: Omit<ExternalLocationDialogProps, 'opened' | 'location'> & { location: ExternalLocation | null }) {
  const { t, i18n } = useTranslation('externalLocations');
  const save = useSaveExternalLocation();
  const countries = useCountryRegions(i18n.language);
  const [values, setValues] = useState<Record<Field, string>>(
    () => Object.fromEntries(fields.map((field) => [field, location?.[field] ?? ''])) as Record<Field, string>,
  );
  const [address, setAddress] = useState<AddressValue>({
    countryId: location?.countryId ?? defaultCountryId,
    street: location?.street ?? '',
    postalCode: location?.postalCode ?? '',
    postalName: location?.postalName ?? '',
  });
  const [active, setActive] = useState(location?.active ?? true);
  const [errors, setErrors] = useState<Partial<Record<Field | AddressPart, string>>>({});

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const changeAddress = useCallback((next: AddressValue) => {
    setAddress(next);
    setErrors((current) => ({ ...current, street: undefined, countryId: undefined, postalCode: undefined, postalName: undefined }));
  }, []);

  const check = () => {
    const found: typeof errors = {};
    if (!values.name.trim()) found.name = t('dialog.required');
    if (!values.locationNumber.trim()) found.locationNumber = t('dialog.required');
    if (!address.countryId) found.countryId = t('dialog.required');
    const gln = glnError(values.gln, t);
    if (gln) found.gln = gln;
    const postalCode = address.postalCode.trim();
    const mask = countries.data?.find((c) => c.id === address.countryId)?.zipCodeMask;
    if (postalCode && mask && !postalCodeMatchesMask(postalCode, mask)) found.postalCode = t('dialog.postalCodeMask');
    return found;
  };

  const submit = async () => {
    const found = check();
    setErrors(found);
    const countryId = address.countryId;
    if (Object.keys(found).length || !countryId) return;
    try {
      const given = (field: Field) => values[field].trim() || undefined;
      const givenAddress = (part: 'street' | 'postalCode' | 'postalName') => address[part]?.trim() || undefined;
      const saved = await save.mutateAsync({
        ...(location ? { id: location.id, active } : {}),
        name: values.name.trim(),
        locationNumber: values.locationNumber.trim(),
        gln: given('gln'),
        contactName: given('contactName'),
        email: given('email'),
        street: givenAddress('street'),
        postalCode: givenAddress('postalCode'),
        postalName: givenAddress('postalName'),
        countryId,
      });
      onSaved(saved);
      onClose();
    } catch (error) {
      const answer = error instanceof ApiError ? error.fields : {};
      const known = Object.fromEntries(
        Object.entries(answer).filter(([key]) => fields.includes(key as Field) || addressParts.includes(key as AddressPart)),
      );
      if (Object.keys(known).length) setErrors(known);
      else notifyError(t('dialog.saveFailed'), (error as Error).message);
    }
  };

  const text = (
    field: Field,
    options: {
      required?: boolean;
      maxLength: number;
      placeholder?: string;
      inputMode?: 'email';
      type?: 'email';
      description?: string;
      disabled?: boolean;
    },
  ) => (
    <TextInput
      label={t(`fields.${field}`)}
      required={options.required}
      maxLength={options.maxLength}
      placeholder={options.placeholder}
      inputMode={options.inputMode}
      type={options.type}
      description={options.description}
      autoComplete={options.type === 'email' ? 'email' : undefined}
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
          <GlnInput
            label={t('fields.gln')}
            value={values.gln}
            onChange={(digits) => change('gln', digits)}
            error={errors.gln}
            refuseInUse={false}
          />
          {text('contactName', { maxLength: 200 })}
          {text('email', { maxLength: 254, type: 'email', inputMode: 'email', description: t('dialog.emailHint') })}
        </SimpleGrid>
        {/* The address is optional but for its country (always set: a new one starts in the acting location's). */}
        <AddressFields value={address} onChange={changeAddress} errors={errors} fields={['street']} required={false} />
        {location && (
          <Switch
            label={t('fields.active')}
            description={t('dialog.activeHint')}
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('dialog.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
