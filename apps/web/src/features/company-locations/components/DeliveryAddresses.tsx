/**
 * A saved location's delivery addresses in the location dialog (spec sections 2 and 3): the
 * list, "Add delivery address" and each one's edit and delete. Add and edit open the address
 * dialog (shared address fields, post code looked up); each address is saved on its own (POST
 * Addresses), a delete after its question (DELETE Addresses/{id}), "Could not delete" on failure.
 */
import { ActionIcon, Button, Fieldset, Group, Stack, Text } from '@mantine/core';
import type { CompanyLocation, DeliveryAddress } from '@portal/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddressDialog } from '../../../components/address-fields/AddressDialog';
import type { AddressValue } from '../../../components/address-fields/AddressFields';
import { ConfirmDialog } from '../../../components/confirm-dialog/ConfirmDialog';
import { notifyError } from '../../../lib/notify';
import { useDeleteAddress, useSaveAddress } from '../api/locations';
import { LOCATION_STACK } from '../lib/location-form';

/** The list and its dialog; `location` is the saved location. */
export function DeliveryAddresses({ location }: { location: CompanyLocation }) {
  const { t } = useTranslation('locations');
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  /** The address in the dialog: 'new', one of the list, or null (closed). */
  const [editing, setEditing] = useState<DeliveryAddress | 'new' | null>(null);

  const initial: AddressValue =
    editing && editing !== 'new'
      ? {
          name: editing.name,
          street: editing.street,
          postalCode: editing.postalCode,
          postalName: editing.postalName,
          countryId: editing.countryId,
        }
      : { name: location.name, street: '', postalCode: '', postalName: '', countryId: location.countryId };

  const onSave = async (value: AddressValue) => {
    if (!value.countryId) return;
    await save.mutateAsync({
      ...(editing && editing !== 'new' ? { id: editing.id } : {}),
      locationId: location.id,
      name: value.name?.trim() ?? '',
      street: value.street?.trim() ?? '',
      postalCode: value.postalCode.trim(),
      postalName: value.postalName.trim(),
      countryId: value.countryId,
    });
  };

  /** The address whose deletion is asked about, or null. */
  const [deleting, setDeleting] = useState<DeliveryAddress | null>(null);
  const deleteIt = async (address: DeliveryAddress) => {
    try {
      await remove.mutateAsync(address.id);
      setDeleting(null);
    } catch (error) {
      notifyError(t('addresses.deleteFailed'), error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Fieldset legend={t('sections.addresses')}>
      <Stack gap="sm">
        {location.addresses.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('addresses.none')}
          </Text>
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('sections.addresses')}>
            {location.addresses.map((address) => (
              <Group component="li" key={address.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {address.name}
                  </Text>
                  <Text size="sm">
                    {address.street}, {address.postalCode} {address.postalName}, {address.countryId}
                  </Text>
                </div>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" onClick={() => setEditing(address)} aria-label={t('addresses.edit', { name: address.name })}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    onClick={() => setDeleting(address)}
                    aria-label={t('addresses.delete', { name: address.name })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        <Group>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
            {t('addresses.add')}
          </Button>
        </Group>
      </Stack>
      <AddressDialog
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('addresses.newTitle') : t('addresses.editTitle')}
        initial={initial}
        onSave={onSave}
        stackId={LOCATION_STACK.address}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('addresses.delete', { name: deleting?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        onConfirm={() => deleting && void deleteIt(deleting)}
        onClose={() => setDeleting(null)}
        loading={remove.isPending}
        stackId={LOCATION_STACK.deleteAddress}
      >
        {t('addresses.confirmDelete', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Fieldset>
  );
}
