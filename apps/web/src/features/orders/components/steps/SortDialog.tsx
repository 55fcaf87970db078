/**
 * Registering the sorted result (10 -> 12, provider staff; docs/domain.md "Status steps"): the
 * quantity sorted per product. Carriers sorted into another quality are added as lines of that
 * product; products of the order not listed count as sorted to 0.
 */
import { ActionIcon, Button, Group, Select, Text } from '@mantine/core';
import { type Order, TransactionStatus } from '@portal/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllProducts } from '../../api/get-products';
import { sentQuantity } from '../../lib/order-actions';
import { QuantityLines } from './QuantityLines';
import { StepModal } from './StepModal';
import { useOrderStep } from './use-step';

interface SortDialogProps {
  order: Order;
  opened: boolean;
  onClose: () => void;
}

/** The sorting dialog. */
export function SortDialog({ order, opened, onClose }: SortDialogProps) {
  const { t } = useTranslation('orders');
  const step = useOrderStep();
  const products = useAllProducts(opened);
  const [sorted, setSorted] = useState<Record<number, number | null>>(() =>
    Object.fromEntries(order.transactions.map((line) => [line.productId, line.quantityDelivered ?? sentQuantity(line)])),
  );
  const [added, setAdded] = useState<number[]>([]);
  const [adding, setAdding] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string | null>(null);

  const onOrder = new Set(order.transactions.map((line) => line.productId));
  const nameOf = (productId: number) => products.data?.find((p) => p.id === productId)?.name ?? String(productId);
  const offered = (products.data ?? []).filter((p) => !onOrder.has(p.id) && !added.includes(p.id));
  const productIds = [...order.transactions.map((line) => line.productId), ...added];

  const submit = async () => {
    setError(null);
    const missing = Object.fromEntries(
      productIds.filter((id) => sorted[id] === null || sorted[id] === undefined).map((id) => [id, t('dialog.required')]),
    );
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const outcome = await step.run({
      id: order.id,
      transactionStatusId: TransactionStatus.ReceivedSort,
      lines: productIds.map((productId) => ({ productId, quantity: sorted[productId] ?? 0 })),
      version: order.version,
    });
    if (outcome.ok) onClose();
    else setError(outcome.message);
  };

  return (
    <StepModal
      opened={opened}
      onClose={onClose}
      title={t('steps.sort.title', { id: order.id })}
      submitLabel={t('steps.sort.submit')}
      onSubmit={submit}
      busy={step.pending}
      error={error}
    >
      <Text size="sm">{t('steps.sort.intro')}</Text>
      <QuantityLines
        caption={t('steps.sort.title', { id: order.id })}
        compareColumns={[t('steps.counted.sent')]}
        inputColumn={t('steps.sort.sorted')}
        rows={productIds.map((productId) => {
          const line = order.transactions.find((l) => l.productId === productId);
          return {
            key: String(productId),
            name: line?.name ?? nameOf(productId),
            compare: [line ? sentQuantity(line) : null],
            value: sorted[productId] ?? null,
            step: 1,
            error: errors[productId],
            after: line ? undefined : (
              <ActionIcon
                variant="subtle"
                color="red.9"
                mt={4}
                aria-label={t('steps.sort.remove', { product: nameOf(productId) })}
                onClick={() => setAdded((current) => current.filter((id) => id !== productId))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            ),
          };
        })}
        onChange={(key, value) => {
          setSorted((current) => ({ ...current, [Number(key)]: value }));
          setErrors(({ [Number(key)]: _gone, ...rest }) => rest);
        }}
      />
      <Group align="flex-end" gap="sm">
        <Select
          label={t('steps.sort.otherQuality')}
          placeholder={t('steps.sort.chooseProduct')}
          data={offered.map((p) => ({ value: String(p.id), label: p.name }))}
          value={adding}
          onChange={setAdding}
          searchable
          style={{ flex: 1 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={!adding}
          onClick={() => {
            if (!adding) return;
            const id = Number(adding);
            setAdded((current) => [...current, id]);
            setSorted((current) => ({ ...current, [id]: null }));
            setAdding(null);
          }}
        >
          {t('steps.sort.add')}
        </Button>
      </Group>
    </StepModal>
  );
}
