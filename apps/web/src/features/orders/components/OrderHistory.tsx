/**
 * The status history of an order (domain.md: who, when, from, to and a comment per change). A
 * row whose status stays (a customs status change) shows the status once, with its comment.
 */
import { Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Order } from '@portal/domain';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** A table of the order's status changes, oldest first. */
export function OrderHistory({ history }: { history: Order['history'] }) {
  const { t, i18n } = useTranslation(['orders', 'messages']);
  const label = (id: number | null) => (id === null ? t('detail.created') : t(`status.${id}`, { ns: 'messages' }));
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" id="order-history-title">
        {t('detail.history')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm">{t('detail.noHistory')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-labelledby="order-history-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('detail.when')}</Table.Th>
                <Table.Th>{t('detail.who')}</Table.Th>
                <Table.Th>{t('detail.change')}</Table.Th>
                <Table.Th>{t('detail.comment')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((entry) => (
                <Table.Tr key={`${entry.at}-${entry.fromStatusId}-${entry.toStatusId}-${entry.comment ?? ''}`}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at, i18n.language, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Table.Td>
                  <Table.Td>{entry.userName ?? t('detail.system')}</Table.Td>
                  <Table.Td>
                    {entry.fromStatusId === entry.toStatusId ? (
                      // A change within the status (the customs status): the status stays.
                      label(entry.toStatusId)
                    ) : (
                      <>
                        {label(entry.fromStatusId)} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
                        <VisuallyHidden>{t('detail.arrowTo')}</VisuallyHidden> {label(entry.toStatusId)}
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>{entry.comment ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
