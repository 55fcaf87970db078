/**
 * The customs status of an order (spec section 4): empty red, pending orange, done green. The
 * colour is a dot beside the label, so the label carries the meaning and keeps its contrast.
 */
import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const colours: Record<string, string> = { '': 'var(--mantine-color-red-7)', pending: 'var(--mantine-color-orange-6)', done: 'var(--mantine-color-green-7)' };

/** The status as a coloured dot and its label; `null` (no customs on the order) shows the empty state. */
export function CustomsStatus({ status }: { status: string | null }) {
  const { t } = useTranslation('orders');
  const key = status === 'pending' || status === 'done' ? status : '';
  return (
    <Group gap={6} wrap="nowrap" component="span">
      <Box component="span" aria-hidden w={10} h={10} style={{ borderRadius: '50%', flex: 'none', background: colours[key] }} />
      <Text span size="sm">
        {t(`customs.status.${key || 'empty'}`)}
      </Text>
    </Group>
  );
}
