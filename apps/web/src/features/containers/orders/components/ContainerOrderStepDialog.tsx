/**
 * Confirms a step of a container order (POST ContainerOrderStatus): confirm, deliver (says that
 * it registers the rental the provider then opens by assigning containers) or cancel, with a
 * comment (required when the provider cancels a confirmed order). A step someone else made first
 * (409) says "Could not set order status" with the server's reason, and the page shows the order
 * as it now is.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { ContainerOrder } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSetContainerOrderStatus } from '../api/set-container-order-status';

/** The steps the dialog makes. */
export type ContainerOrderStep = 'Confirmed' | 'Delivered' | 'Cancelled';

interface ContainerOrderStepDialogProps {
  order: ContainerOrder;
  /** The step to make; null: closed. */
  step: ContainerOrderStep | null;
  onClose: () => void;
}

/** The dialog; see the file comment. */
export function ContainerOrderStepDialog({ order, step, onClose }: ContainerOrderStepDialogProps) {
  const { t } = useTranslation('containerOrders');
  const setStatus = useSetContainerOrderStatus();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsComment = step === 'Cancelled' && order.cancelNeedsComment;

  const close = () => {
    setComment('');
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!step) return;
    if (needsComment && !comment.trim()) {
      setError(t('step.reasonRequired'));
      return;
    }
    try {
      await setStatus.mutateAsync({ id: order.id, status: step, ...(comment.trim() ? { comment: comment.trim() } : {}) });
      notifySuccess(t(`step.done.${step}`, { id: order.id }));
      close();
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.fields.comment : undefined;
      const reason = failure instanceof ApiError ? (failure.fields.status ?? failure.message) : (failure as Error).message;
      if (field) setError(field);
      else close();
      notifyError(t('step.failed'), reason);
    }
  };

  return (
    <Modal
      opened={step !== null}
      onClose={close}
      title={step ? t(`step.title.${step}`, { id: order.id }) : ''}
      closeButtonProps={{ 'aria-label': t('step.back') }}
    >
      <Stack gap="md">
        {step && <Text size="sm">{t(`step.text.${step}`, { quantity: order.quantity, product: order.productName })}</Text>}
        <Textarea
          label={needsComment ? t('step.reason') : t('step.comment')}
          required={needsComment}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={1000}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={setStatus.isPending}>
            {t('step.back')}
          </Button>
          <Button color={step === 'Cancelled' ? 'red.9' : undefined} onClick={submit} loading={setStatus.isPending}>
            {step ? t(`step.action.${step}`) : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
