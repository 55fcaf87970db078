/**
 * Quantities counted against what was sent, for three steps (docs/domain.md "Status steps"):
 * - `receive` (4/11 -> 5, receiver): the quantities as sent are confirmed; a line that differs
 *   turns the step into a disagreement, which needs a comment;
 * - `disagree` (4/11 -> 6, receiver): report other quantities, with a required comment; at least
 *   one line must differ from what was sent;
 * - `resolve` (6 -> 5, provider): the final quantities of a disagreement (the reported ones to
 *   start with); a comment is optional.
 * Counted quantities need not be whole stacks.
 */
import { Text, Textarea } from '@mantine/core';
import { type Order, TransactionStatus } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sentQuantity } from '../../lib/order-actions';
import { QuantityLines } from './QuantityLines';
import { StepModal } from './StepModal';
import { useOrderStep } from './use-step';

export type CountedMode = 'receive' | 'disagree' | 'resolve';

interface CountedDialogProps {
  order: Order;
  mode: CountedMode;
  opened: boolean;
  onClose: () => void;
}

/** The receive, disagreement and resolve dialog. */
export function CountedDialog({ order, mode, opened, onClose }: CountedDialogProps) {
  const { t } = useTranslation('orders');
  const step = useOrderStep();
  const start = (line: Order['transactions'][number]) =>
    mode === 'resolve' ? (line.quantityDelivered ?? sentQuantity(line)) : sentQuantity(line);
  const [counted, setCounted] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(order.transactions.map((line) => [line.productId, start(line)])),
  );
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const differs = order.transactions.some((line) => (counted[line.productId] ?? null) !== sentQuantity(line));
  // Receiving with other quantities is a disagreement.
  const target =
    mode === 'resolve'
      ? TransactionStatus.Received
      : mode === 'disagree' || differs
        ? TransactionStatus.NotAgreed
        : TransactionStatus.Received;
  const needsComment = target === TransactionStatus.NotAgreed;

  const submit = async () => {
    setError(null);
    const missing = Object.fromEntries(
      order.transactions
        .filter((line) => counted[line.productId] === null || counted[line.productId] === undefined)
        .map((line) => [line.productId, t('dialog.required')]),
    );
    setLineErrors(missing);
    if (Object.keys(missing).length) return;
    if (mode === 'disagree' && !differs) {
      setError(t('steps.counted.noDifference'));
      return;
    }
    if (needsComment && !comment.trim()) {
      setCommentError(t('steps.counted.commentRequired'));
      return;
    }
    const lines =
      mode === 'receive' && !differs
        ? undefined
        : order.transactions.map((line) => ({ productId: line.productId, quantity: counted[line.productId] ?? 0 }));
    const outcome = await step.run({
      id: order.id,
      transactionStatusId: target,
      lines,
      comment: comment.trim() || undefined,
      version: order.version,
    });
    if (outcome.ok) onClose();
    else {
      setError(outcome.message);
      const found: Record<number, string> = {};
      for (const [path, message] of Object.entries(outcome.fields)) {
        const index = /^lines\.(\d+)\./.exec(path)?.[1];
        const line = index === undefined ? undefined : order.transactions[Number(index)];
        if (line) found[line.productId] = message;
        else if (path === 'comment') setCommentError(message);
      }
      setLineErrors(found);
    }
  };

  const compareColumns = mode === 'resolve' ? [t('steps.counted.sent'), t('steps.counted.reported')] : [t('steps.counted.sent')];
  const submitLabel =
    mode === 'resolve'
      ? t('steps.resolve.submit')
      : target === TransactionStatus.NotAgreed
        ? t('steps.disagree.submit')
        : t('steps.receive.submit');

  return (
    <StepModal
      opened={opened}
      onClose={onClose}
      title={t(`steps.${mode}.title`, { id: order.id })}
      submitLabel={submitLabel}
      submitColor={target === TransactionStatus.NotAgreed ? 'red.9' : undefined}
      onSubmit={submit}
      busy={step.pending}
      error={error}
    >
      <Text size="sm">{t(`steps.${mode}.intro`)}</Text>
      <QuantityLines
        caption={t(`steps.${mode}.title`, { id: order.id })}
        compareColumns={compareColumns}
        inputColumn={mode === 'resolve' ? t('steps.counted.final') : t('steps.counted.counted')}
        rows={order.transactions.map((line) => ({
          key: String(line.productId),
          name: line.name,
          compare: mode === 'resolve' ? [sentQuantity(line), line.quantityDelivered] : [sentQuantity(line)],
          value: counted[line.productId] ?? null,
          step: 1,
          error: lineErrors[line.productId],
        }))}
        onChange={(key, value) => {
          setCounted((current) => ({ ...current, [Number(key)]: value }));
          setLineErrors(({ [Number(key)]: _gone, ...rest }) => rest);
        }}
      />
      {mode === 'receive' && differs && (
        <Text size="sm" role="status" style={{ color: 'var(--portal-text-warning)' }}>
          {t('steps.receive.becomesDisagreement')}
        </Text>
      )}
      <Textarea
        label={needsComment ? t('steps.counted.why') : t('detail.comment')}
        required={needsComment}
        autosize
        minRows={2}
        maxLength={2000}
        styles={{ input: { maxHeight: 100 } }}
        value={comment}
        onChange={(event) => {
          setComment(event.currentTarget.value);
          setCommentError(null);
        }}
        error={commentError}
      />
    </StepModal>
  );
}
