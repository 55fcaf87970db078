/**
 * The address dialog (spec section 2, "Dialogs: address"): a name, a street and the shared
 * address fields (country first, post code looked up, post place). It checks what the server
 * checks before sending, hands the address to `onSave`, and puts the server's field messages
 * (an ApiError's `fields`) on their fields; any other failure shows `saveFailed` above the
 * buttons and keeps the dialog open. Texts: namespace `address`.
 */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { type AddressField, AddressFields, type AddressValue, addressErrors } from './AddressFields';
import { useCountryRegions } from './api';

interface AddressDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's title (e.g. "New delivery address"). */
  title: string;
  /** The address it starts with (name and street included). */
  initial: AddressValue;
  /** Saves the address; throws (an ApiError with field messages, or any error) on failure. */
  onSave: (value: AddressValue) => Promise<void>;
  /** Its id in a `Modal.Stack` when it opens over another dialog: Escape then closes this one only. */
  stackId?: string;
}

const withFields: ('name' | 'street')[] = ['name', 'street'];

/** The dialog; it mounts its form afresh on every opening. */
export function AddressDialog({ opened, onClose, title, initial, onSave, stackId }: AddressDialogProps) {
  const { t } = useTranslation('address');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" stackId={stackId} closeButtonProps={{ 'aria-label': t('close') }}>
      {opened && <AddressForm initial={initial} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function AddressForm({ initial, onClose, onSave }: Pick<AddressDialogProps, 'initial' | 'onClose' | 'onSave'>) {
  const { t, i18n } = useTranslation('address');
  const countries = useCountryRegions(i18n.language);
  const [value, setValue] = useState<AddressValue>({ name: '', street: '', ...initial });
  const [errors, setErrors] = useState<Partial<Record<AddressField, string>>>({});
  const [failed, setFailed] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const found = addressErrors(value, countries.data, t, withFields);
    setErrors(found);
    setFailed(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      await onSave(value);
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const known = Object.fromEntries(
        Object.entries(fields).filter(([key]) => ['name', 'street', 'countryId', 'postalCode', 'postalName'].includes(key)),
      );
      if (Object.keys(known).length) setErrors(known);
      else setFailed(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog may sit inside another form (the location dialog): React carries a submit
        // up through the portal, which would submit that form too.
        event.stopPropagation();
        void submit();
      }}
    >
      <Stack gap="md">
        <AddressFields
          value={value}
          onChange={(next) => {
            setValue(next);
            setErrors({});
          }}
          errors={errors}
          fields={withFields}
        />
        {failed && (
          <Alert color="red" title={t('saveFailed')} role="alert">
            {failed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
