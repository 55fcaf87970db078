/**
 * The confirmation before drafts are discarded (DELETE Orders/{id}; domain.md "0 Draft ->
 * (deleted)"), from an order's page or for the drafts chosen in a grid. Nothing can bring a
 * deleted draft back, so it asks first. Afterwards a toast says how many went, and a draft that
 * could not be deleted (sent meanwhile, say) is named with the server's reason.
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type DeleteDraftResult, useDeleteDrafts } from '../api/delete-drafts';
import { notifyError, notifySuccess } from '../lib/notify';
import { StepModal } from './steps/StepModal';

interface DeleteDraftsDialogProps {
  opened: boolean;
  ids: readonly number[];
  onClose: () => void;
  /** Called with every draft's outcome once the deletion ran. */
  onDone?: (results: DeleteDraftResult[]) => void;
}

/** Asks, deletes the drafts and reports. */
export function DeleteDraftsDialog({ opened, ids, onClose, onDone }: DeleteDraftsDialogProps) {
  const { t } = useTranslation('orders');
  const remove = useDeleteDrafts();
  const one = ids.length === 1;
  const submit = async () => {
    const results = await remove.mutateAsync(ids);
    const deleted = results.filter((result) => result.ok);
    const failed = results.filter((result) => !result.ok);
    if (deleted.length)
      notifySuccess(one ? t('deleteDrafts.deletedOne', { id: ids[0] }) : t('deleteDrafts.deleted', { count: deleted.length }));
    if (failed.length) {
      notifyError(
        t('deleteDrafts.failed', { count: failed.length }),
        failed.map((result) => `${t('detail.title', { id: result.id })}: ${result.error ?? t('drafts.unknownReason')}`).join(' '),
      );
    }
    onClose();
    onDone?.(results);
  };
  return (
    <StepModal
      opened={opened}
      onClose={onClose}
      title={one ? t('deleteDrafts.titleOne', { id: ids[0] }) : t('deleteDrafts.title', { count: ids.length })}
      submitLabel={one ? t('deleteDrafts.submitOne') : t('deleteDrafts.submit', { count: ids.length })}
      submitColor="red.9"
      cancelLabel={t('deleteDrafts.keep', { count: ids.length })}
      onSubmit={() => void submit()}
      busy={remove.isPending}
      size="md"
    >
      <Text size="sm">{t('deleteDrafts.question', { count: ids.length })}</Text>
    </StepModal>
  );
}
