/**
 * The customs status of an order (spec section 4): empty red, pending orange, done green. The
 * colour is a dot beside the label, so the label carries the meaning and keeps its contrast.
 * The sender side and provider staff may change it while the order is not final (POST
 * OrderCustoms; the server decides), with a select that keeps the dot.
 */
import { Box, Group, Select, Text } from '@mantine/core';
import type { Order } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useSetCustomsStatus } from '../api/set-customs-status';
import { notifyError, notifySuccess } from '../lib/notify';

const colours: Record<string, string> = {
  '': 'var(--mantine-color-red-7)',
  pending: 'var(--mantine-color-orange-6)',
  done: 'var(--mantine-color-green-7)',
};

/** '' (none yet), 'pending' or 'done'. */
const keyOf = (status: string | null) => (status === 'pending' || status === 'done' ? status : '');

function Dot({ status }: { status: string | null }) {
  return (
    <Box component="span" aria-hidden w={10} h={10} style={{ borderRadius: '50%', flex: 'none', background: colours[keyOf(status)] }} />
  );
}

/** The status as a coloured dot and its label; `null` (no customs on the order) shows the empty state. */
export function CustomsStatus({ status }: { status: string | null }) {
  const { t } = useTranslation('orders');
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Dot status={status} />
      <Text span size="sm">
        {t(`customs.status.${keyOf(status) || 'empty'}`)}
      </Text>
    </Group>
  );
}

/** The status with a select to change it. */
export function CustomsStatusSelect({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const customs = useSetCustomsStatus();
  const current = keyOf(order.customsStatus);
  const change = async (value: string | null) => {
    const next = value === 'pending' || value === 'done' ? value : null;
    if ((next ?? '') === current) return;
    try {
      await customs.mutateAsync({ id: order.id, customsStatus: next, version: order.version });
      notifySuccess(t('customs.saved', { status: t(`customs.status.${next ?? 'empty'}`) }));
    } catch (error) {
      notifyError(t('customs.saveFailed'), (error as Error).message);
    }
  };
  return (
    <Select
      size="xs"
      w={190}
      aria-label={t('customs.statusLabel')}
      data={(['empty', 'pending', 'done'] as const).map((key) => ({ value: key, label: t(`customs.status.${key}`) }))}
      value={current || 'empty'}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={customs.isPending}
      leftSection={<Dot status={order.customsStatus} />}
      leftSectionPointerEvents="none"
    />
  );
}
