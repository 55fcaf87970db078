/**
 * Asks before deleting an external location, and says what happened: deleted, or, when orders
 * name it as their receiver, made inactive instead (DELETE ExternalLocations/{id}).
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ExternalLocation } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDeleteExternalLocation } from './api';

/** The confirmation; open while `location` is set. */
export function DeleteExternalLocationDialog({ location, onClose }: { location: ExternalLocation | null; onClose: () => void }) {
  const { t } = useTranslation('externalLocations');
  const remove = useDeleteExternalLocation();
  const confirm = async () => {
    if (!location) return;
    try {
      const { outcome } = await remove.mutateAsync(location.id);
      notifySuccess(t(outcome === 'deleted' ? 'delete.deleted' : 'delete.deactivated', { name: location.name }));
      onClose();
    } catch (error) {
      notifyError(t('delete.failed'), (error as Error).message);
    }
  };
  return (
    <Modal opened={location !== null} onClose={onClose} title={t('delete.title')} closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      <Stack gap="md">
        <Text>{t('delete.question', { name: location?.name ?? '' })}</Text>
        <Text size="sm" c="gray.7">
          {t('delete.hint')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {t('dialog.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={remove.isPending}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
