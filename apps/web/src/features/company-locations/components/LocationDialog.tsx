/**
 * The location dialog (Company > Locations; spec sections 2, 3 and 5; docs/company-locations.md):
 * name, number, GLN (checked at 13 digits), type, status (active, blocked), load type, ramp,
 * lift, the delivery window, delivery and transport instructions, the order confirmation,
 * purchase and return order emails, the street address (the shared address fields), the parent
 * location, the provider's scheme flags (a global admin changes them; others see them), and for
 * a saved location its delivery addresses and sub-locations. "Error saving location" when the
 * save fails for another reason than a field; "Delete", after its question (a dialog of the
 * portal's, not the browser's), removes an unused location or blocks one in use, and says which.
 */
import { Alert, Button, Fieldset, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CompanyLocation, CompanyLocationRow, Country } from '@portal/domain';
import { locationTypes } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressFields, addressErrors } from '../../../components/address-fields/AddressFields';
import { useCountryRegions } from '../../../components/address-fields/api';
import { ConfirmDialog } from '../../../components/confirm-dialog/ConfirmDialog';
import { GlnInput, glnError } from '../../../components/gln-input/GlnInput';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCompanyLocation, useDeleteLocation, useSaveLocation } from '../api/locations';
import { type FieldErrors, LOCATION_STACK, requestOf, type Values, valuesOf } from '../lib/location-form';
import { DeliveryAddresses } from './DeliveryAddresses';
import { LocationExtraFields } from './LocationExtraFields';

interface LocationDialogProps {
  /** The location to edit, 'new' for a new one, null when closed. */
  target: number | 'new' | null;
  onClose: () => void;
  /** The customer's locations (the parent picker). */
  locations: CompanyLocationRow[];
  /** Whether the caller is a global admin (changes the provider's flags and type NLP). */
  globalAdmin: boolean;
  defaultCountry: Country | null;
  /** Called with the id of a location just created, so the dialog goes on with it. */
  onCreated: (id: number) => void;
}

/** The dialog; it loads the location and mounts its form afresh for each one. */
export function LocationDialog({ target, onClose, locations, globalAdmin, defaultCountry, onCreated }: LocationDialogProps) {
  const { t } = useTranslation('locations');
  const phone = useMediaQuery('(max-width: 48em)');
  const id = typeof target === 'number' ? target : null;
  const location = useCompanyLocation(id);
  return (
    // A stack: the address dialog and the questions before a deletion open over this one, and
    // Escape closes only the one on top (LOCATION_STACK).
    <Modal.Stack>
      <Modal
        opened={target !== null}
        onClose={onClose}
        title={target === 'new' ? t('dialog.newTitle') : t('dialog.editTitle')}
        size="xl"
        fullScreen={!!phone}
        stackId={LOCATION_STACK.location}
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        {target === 'new' && <LocationForm key="new" location={null} {...{ onClose, locations, globalAdmin, defaultCountry, onCreated }} />}
        {id !== null &&
          (location.isPending ? (
            <PageLoader />
          ) : location.isError ? (
            <Alert color="red" title={t('dialog.loadFailed')}>
              {location.error.message}
            </Alert>
          ) : (
            <LocationForm key={id} location={location.data} {...{ onClose, locations, globalAdmin, defaultCountry, onCreated }} />
          ))}
      </Modal>
    </Modal.Stack>
  );
}

function LocationForm({
  location,
  onClose,
  locations,
  globalAdmin,
  defaultCountry,
  onCreated,
}: Omit<LocationDialogProps, 'target'> & { location: CompanyLocation | null }) {
  const { t, i18n } = useTranslation(['locations', 'address']);
  const countries = useCountryRegions(i18n.language);
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [values, setValues] = useState(() => valuesOf(location, defaultCountry));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState<string | null>(null);
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async () => {
    const found: FieldErrors = addressErrors(values.address, countries.data, (key) => t(key), ['street']);
    if (!values.name.trim()) found.name = t('address:required');
    if (!values.number.trim()) found.number = t('address:required');
    const gln = glnError(values.gln, t);
    if (gln) found.gln = gln;
    if (values.deliveryFrom && values.deliveryTo && values.deliveryFrom > values.deliveryTo) found.deliveryTo = t('dialog.deliveryTimes');
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length || !values.address.countryId) return;
    const request = requestOf(values, location, globalAdmin);
    try {
      const saved = await save.mutateAsync(request);
      notifySuccess(t('dialog.saved', { name: saved.name }));
      if (location) onClose();
      else onCreated(saved.id);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (Object.keys(fields).length) setErrors(fields as FieldErrors);
      else setFailed(error instanceof Error ? error.message : String(error));
    }
  };

  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Once asked, "Delete" is where this dialog's focus trap puts the focus back when the question closes.
  const [deleteAsked, setDeleteAsked] = useState(false);
  const deleteIt = async () => {
    if (!location) return;
    try {
      const { outcome } = await remove.mutateAsync(location.id);
      setConfirmingDelete(false);
      notifySuccess(outcome === 'deleted' ? t('dialog.deleted', { name: location.name }) : t('dialog.blocked', { name: location.name }));
      onClose();
    } catch (error) {
      notifyError(t('dialog.deleteFailed'), error instanceof Error ? error.message : String(error));
    }
  };

  const parents = locations
    .filter((l) => l.id !== location?.id && !location?.subLocations.some((s) => s.id === l.id))
    .map((l) => ({ value: String(l.id), label: `${l.name} (${l.number})` }));
  const types = locationTypes.filter((type) => type !== 'NLP' || globalAdmin || location?.typeId === 'NLP');
  const text = (field: 'name' | 'number', required = false) => (
    <TextInput
      label={t(`fields.${field}`)}
      required={required}
      maxLength={field === 'number' ? 50 : 200}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
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
          {text('name', true)}
          {text('number', true)}
          <GlnInput label={t('fields.gln')} value={values.gln} onChange={(v) => set('gln', v)} error={errors.gln} ownGln={location?.gln} />
          <Select
            label={t('fields.type')}
            required
            allowDeselect={false}
            data={types.map((type) => ({ value: type, label: t(`types.${type}`) }))}
            value={values.typeId}
            onChange={(v) => v && set('typeId', v)}
            error={errors.typeId}
          />
          <Select
            label={t('fields.status')}
            required
            allowDeselect={false}
            data={[
              { value: '1', label: t('status.1') },
              { value: '2', label: t('status.2') },
            ]}
            value={values.statusId}
            onChange={(v) => v && set('statusId', v)}
          />
          <Select
            label={t('fields.parent')}
            clearable
            searchable
            placeholder={t('fields.noParent')}
            data={parents}
            value={values.parentLocationId}
            onChange={(v) => set('parentLocationId', v)}
            error={errors.parentLocationId}
          />
        </SimpleGrid>

        <Fieldset legend={t('sections.address')}>
          <AddressFields
            value={values.address}
            onChange={(address) => {
              setValues((current) => ({ ...current, address }));
              setErrors((current) => ({
                ...current,
                street: undefined,
                countryId: undefined,
                postalCode: undefined,
                postalName: undefined,
              }));
            }}
            errors={errors}
            fields={['street']}
          />
        </Fieldset>

        <LocationExtraFields values={values} set={set} errors={errors} globalAdmin={globalAdmin} />

        {location && <DeliveryAddresses location={location} />}

        {location && location.subLocations.length > 0 && (
          <Fieldset legend={t('sections.subLocations')}>
            <Stack gap={4} component="ul" m={0} pl="md">
              {location.subLocations.map((s) => (
                <Text component="li" size="sm" key={s.id}>
                  {s.name} ({s.number})
                </Text>
              ))}
            </Stack>
          </Fieldset>
        )}

        {failed && (
          <Alert color="red" title={t('dialog.saveFailed')} role="alert">
            {failed}
          </Alert>
        )}
        <Group justify="space-between" gap="sm">
          {location ? (
            <>
              <Button
                color="red"
                variant="light"
                onClick={() => {
                  setDeleteAsked(true);
                  setConfirmingDelete(true);
                }}
                loading={remove.isPending}
                data-autofocus={deleteAsked || undefined}
              >
                {t('dialog.delete')}
              </Button>
              <ConfirmDialog
                opened={confirmingDelete}
                title={t('dialog.delete')}
                confirmLabel={t('common:actions.delete')}
                onConfirm={() => void deleteIt()}
                onClose={() => setConfirmingDelete(false)}
                loading={remove.isPending}
                stackId={LOCATION_STACK.deleteLocation}
              >
                {t('dialog.confirmDelete', { name: location.name })}
              </ConfirmDialog>
            </>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('dialog.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
