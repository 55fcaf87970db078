/**
 * "Close rental" and "Cancel rental" (POST RentalStatus `Closed`; docs/containers.md,
 * "Rentals"): provider staff close a rental whose containers are all back; either side cancels
 * a rental still Registered. An optional comment goes with it.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { Rental } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRentalStep } from '../api/rentals';

interface CloseRentalDialogProps {
  rental: Rental;
  opened: boolean;
  onClose: () => void;
}

/** The dialog; see the file comment. */
export function CloseRentalDialog({ rental, opened, onClose }: CloseRentalDialogProps) {
  const { t } = useTranslation('containers');
  const step = useRentalStep();
  const [comment, setComment] = useState('');
  const cancelling = rental.status === 'Registered';
  const close = () => {
    setComment('');
    onClose();
  };
  const submit = async () => {
    try {
      await step.mutateAsync({ id: rental.id, status: 'Closed', ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notifySuccess(cancelling ? t('close.cancelled') : t('close.closed'));
    } catch (failure) {
      notifyError(t('close.failed'), (failure as Error).message);
    }
    close();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={cancelling ? t('close.cancelTitle', { id: rental.id }) : t('close.title', { id: rental.id })}
      closeButtonProps={{ 'aria-label': t('cancel') }}
    >
      <Stack gap="md">
        <Text size="sm">{cancelling ? t('close.cancelText') : t('close.text', { count: rental.assigned })}</Text>
        <Textarea
          label={t('close.comment')}
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={1000}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={step.isPending}>
            {t('close.keep')}
          </Button>
          <Button color={cancelling ? 'red.9' : undefined} onClick={submit} loading={step.isPending}>
            {cancelling ? t('close.cancelAction') : t('close.action')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
