/**
 * A status step that needs only a yes (and sometimes a comment): cancelling, accepting or
 * agreeing to a sorted result, disputing it (comment required), sending the sorted result to
 * the customer.
 */
import { Text, Textarea } from '@mantine/core';
import type { Order } from '@portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepModal } from './StepModal';
import { useOrderStep } from './use-step';

interface ConfirmStepDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
  title: string;
  text: ReactNode;
  submitLabel: string;
  transactionStatusId: number;
  /** Ask for a comment: `required` makes it a must. */
  comment?: 'optional' | 'required';
  commentLabel?: string;
  danger?: boolean;
  cancelLabel?: string;
}

/** The confirmation of a simple step. */
export function ConfirmStepDialog({
  order,
  opened,
  onClose,
  title,
  text,
  submitLabel,
  transactionStatusId,
  comment,
  commentLabel,
  danger,
  cancelLabel,
}: ConfirmStepDialogProps) {
  const { t } = useTranslation('orders');
  const step = useOrderStep();
  const [value, setValue] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    if (comment === 'required' && !value.trim()) {
      setCommentError(t('steps.counted.commentRequired'));
      return;
    }
    const outcome = await step.run({ id: order.id, transactionStatusId, comment: value.trim() || undefined, version: order.version });
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <StepModal
      opened={opened}
      onClose={onClose}
      title={title}
      submitLabel={submitLabel}
      submitColor={danger ? 'red.9' : undefined}
      onSubmit={submit}
      busy={step.pending}
      error={error}
      size="md"
      cancelLabel={cancelLabel}
    >
      {typeof text === 'string' ? <Text size="sm">{text}</Text> : text}
      {comment && (
        <Textarea
          label={commentLabel ?? t('detail.comment')}
          required={comment === 'required'}
          autosize
          minRows={2}
          maxLength={2000}
          styles={{ input: { maxHeight: 100 } }}
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setCommentError(null);
          }}
          error={commentError}
        />
      )}
    </StepModal>
  );
}
