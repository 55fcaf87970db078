/** An order's history, oldest first: each step with from and to status, who, when and the comment. */
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ContainerOrder } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';

/** The history as a timeline under its heading. */
export function ContainerOrderHistory({ order }: { order: ContainerOrder }) {
  const { t } = useTranslation('containerOrders');
  const format = useFormat();
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('detail.history')}
        </Title>
        <Timeline active={order.history.length - 1} bulletSize={14} lineWidth={2} color="blue.8">
          {order.history.map((entry) => (
            <Timeline.Item
              key={`${entry.at}-${entry.toStatus}`}
              title={
                entry.fromStatus
                  ? t('detail.step', { from: t(`status.${entry.fromStatus}`), to: t(`status.${entry.toStatus}`) })
                  : t('detail.ordered')
              }
            >
              <Text size="sm" c="gray.7">
                {t('detail.byAt', { name: entry.userName ?? t('detail.unknownUser'), time: format.dateTime(entry.at) })}
              </Text>
              {entry.comment && (
                <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.comment}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
