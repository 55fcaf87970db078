/**
 * The cases of the list page: a table on a wide screen (number, topic, status, priority,
 * category, location, who opened it, who took it, last change), one card per case on a phone. The
 * topic links to the case.
 */
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { SupportTicketSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useWide } from '../lib/use-wide';
import { PriorityBadge, StatusBadge } from './SupportBadges';

function TopicLink({ ticket }: { ticket: SupportTicketSummary }) {
  return (
    <Anchor component={Link} to={`/app/support/tickets/${ticket.id}`} fw={600} size="sm">
      {ticket.topic}
    </Anchor>
  );
}

/** The cases as a table or as cards; `showsCustomer` adds the customer (provider staff). */
export function TicketList({ list, showsCustomer }: { list: SupportTicketSummary[]; showsCustomer: boolean }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const wide = useWide();
  const place = (ticket: SupportTicketSummary) =>
    [showsCustomer ? ticket.customerName : null, ticket.locationName].filter(Boolean).join(' · ') || '–';
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
        {list.map((ticket) => (
          <Paper component="li" key={ticket.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <TopicLink ticket={ticket} />
              <StatusBadge status={ticket.status} />
            </Group>
            <Group gap="xs" mt={4}>
              <Text size="xs" c="gray.7">
                #{ticket.id}
              </Text>
              <PriorityBadge priority={ticket.priority} />
              {ticket.category && (
                <Text size="xs" c="gray.7">
                  {t(`category.${ticket.category}`)}
                </Text>
              )}
            </Group>
            <Text size="xs" c="gray.7" mt={4}>
              {place(ticket)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('list.updated')}: {format.dateTime(ticket.updatedAt)} · {t('list.comments')}: {format.number(ticket.commentCount)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.number')}</Table.Th>
            <Table.Th>{t('list.topic')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            <Table.Th>{t('list.priority')}</Table.Th>
            <Table.Th>{t('list.category')}</Table.Th>
            <Table.Th>{t('list.location')}</Table.Th>
            <Table.Th>{t('list.openedBy')}</Table.Th>
            <Table.Th>{t('list.assigned')}</Table.Th>
            <Table.Th>{t('list.updated')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((ticket) => (
            <Table.Tr key={ticket.id}>
              <Table.Td>{ticket.id}</Table.Td>
              <Table.Td>
                <TopicLink ticket={ticket} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={ticket.status} />
              </Table.Td>
              <Table.Td>
                <PriorityBadge priority={ticket.priority} />
              </Table.Td>
              <Table.Td>{ticket.category ? t(`category.${ticket.category}`) : '–'}</Table.Td>
              <Table.Td>{place(ticket)}</Table.Td>
              <Table.Td>{ticket.userName}</Table.Td>
              <Table.Td>{ticket.assignedUserName ?? '–'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(ticket.updatedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
