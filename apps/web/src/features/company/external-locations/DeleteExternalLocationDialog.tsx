/**
 * Asks before deleting an external location, and says what happened: deleted, or, when orders
 * name it as their receiver, made inactive instead (DELETE ExternalLocations/{id}).
 */
import { Text } from '@mantine/core';
import type { ExternalLocation } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog/ConfirmDialog';
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
    <ConfirmDialog
      opened={location !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      onConfirm={() => void confirm()}
      onClose={onClose}
      loading={remove.isPending}
    >
      <Text>{t('delete.question', { name: location?.name ?? '' })}</Text>
      <Text size="sm" c="gray.7">
        {t('delete.hint')}
      </Text>
    </ConfirmDialog>
  );
}
