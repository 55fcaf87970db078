/**
 * Picking (2 -> 3, provider staff; docs/domain.md "Status steps"): the picked quantity of every
 * line in whole stacks. A quantity more than 20 % from the ordered one warns (spec section 9);
 * a missing one is an error; lines picked 0 are removed from the order, so the user confirms
 * that first (at least one line must stay).
 */
import { List, Text } from '@mantine/core';
import { isQuantityOnStep, type Order, pickedVolumeWarns, TransactionStatus } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllProducts } from '../../api/get-products';
import { QuantityLines } from './QuantityLines';
import { StepModal } from './StepModal';
import { useOrderStep } from './use-step';

interface PickDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
}

/** The picking dialog. */
export function PickDialog({ order, opened, onClose }: PickDialogProps) {
  const { t } = useTranslation('orders');
  const step = useOrderStep();
  const products = useAllProducts(opened);
  const heightOf = (productId: number) => products.data?.find((p) => p.id === productId)?.qtyHeight ?? 1;
  const [picked, setPicked] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(order.transactions.map((line) => [line.productId, line.quantityPicked ?? line.quantityOrdered])),
  );
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [confirmRemoval, setConfirmRemoval] = useState(false);

  const zeroLines = order.transactions.filter((line) => picked[line.productId] === 0);

  const validate = () => {
    const found: Record<number, string> = {};
    for (const line of order.transactions) {
      const value = picked[line.productId];
      if (value === null || value === undefined) found[line.productId] = t('steps.pickedMissing');
      else if (!isQuantityOnStep(value, heightOf(line.productId)))
        found[line.productId] = t('dialog.quantityStep', { step: heightOf(line.productId) });
    }
    setErrors(found);
    if (Object.keys(found).length) return false;
    if (zeroLines.length === order.transactions.length) {
      setError(t('steps.allZero'));
      return false;
    }
    return true;
  };

  const submit = async () => {
    setError(null);
    if (!validate()) return;
    if (zeroLines.length > 0 && !confirmRemoval) {
      setConfirmRemoval(true);
      return;
    }
    const lines = order.transactions.map((line) => ({ productId: line.productId, quantity: picked[line.productId] ?? 0 }));
    const outcome = await step.run({ id: order.id, transactionStatusId: TransactionStatus.Picked, lines, version: order.version });
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <StepModal
      opened={opened}
      onClose={onClose}
      title={t('steps.pick.title', { id: order.id })}
      submitLabel={confirmRemoval ? t('steps.pick.confirmRemoval') : t('steps.pick.submit')}
      submitColor={confirmRemoval ? 'red.9' : undefined}
      onSubmit={submit}
      busy={step.pending}
      error={error}
    >
      <Text size="sm">{t('steps.pick.intro')}</Text>
      <QuantityLines
        caption={t('steps.pick.title', { id: order.id })}
        compareColumns={[t('detail.ordered')]}
        inputColumn={t('detail.picked')}
        rows={order.transactions.map((line) => {
          const value = picked[line.productId] ?? null;
          return {
            key: String(line.productId),
            name: line.name,
            compare: [line.quantityOrdered],
            value,
            step: heightOf(line.productId),
            error: errors[line.productId],
            warning:
              value === 0
                ? t('steps.pick.zeroWarning')
                : value !== null && pickedVolumeWarns(line.quantityOrdered, value)
                  ? t('steps.pick.deviationWarning')
                  : undefined,
          };
        })}
        onChange={(key, value) => {
          setPicked((current) => ({ ...current, [Number(key)]: value }));
          setErrors(({ [Number(key)]: _gone, ...rest }) => rest);
          setConfirmRemoval(false);
        }}
      />
      {confirmRemoval && (
        <div role="alert">
          <Text size="sm" fw={700}>
            {t('steps.pick.removalQuestion', { count: zeroLines.length })}
          </Text>
          <List size="sm">
            {zeroLines.map((line) => (
              <List.Item key={line.productId}>{line.name}</List.Item>
            ))}
          </List>
        </div>
      )}
    </StepModal>
  );
}
