/**
 * The mails of the archive page: a table on a wide screen (written, topic, subject, to, from
 * location, status), one card per mail on a phone. The subject is a button that opens the mail.
 */
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { EmailArchiveEntry } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useWide } from '../../counting/lib/use-wide';
import { MailStatusBadge, useTopicLabel } from './labels';

interface ListProps {
  list: readonly EmailArchiveEntry[];
  onOpen: (mail: EmailArchiveEntry) => void;
}

function SubjectButton({ mail, onOpen }: { mail: EmailArchiveEntry; onOpen: ListProps['onOpen'] }) {
  return (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => onOpen(mail)} style={{ overflowWrap: 'anywhere' }}>
      {mail.subject}
    </Anchor>
  );
}

/** Who the mail went to: the user or the address, and the customer when it is not the caller's only one. */
function Recipient({ mail }: { mail: EmailArchiveEntry }) {
  return (
    <>
      <Text span size="sm" display="block" style={{ overflowWrap: 'anywhere' }}>
        {mail.toUserName ?? mail.toAddress}
      </Text>
      {(mail.toUserName || mail.toCustomerName) && (
        <Text span size="xs" c="gray.7" display="block" style={{ overflowWrap: 'anywhere' }}>
          {[mail.toUserName ? mail.toAddress : null, mail.toCustomerName].filter(Boolean).join(' · ')}
        </Text>
      )}
    </>
  );
}

/** The list as a table or as cards. */
export function EmailArchiveList({ list, onOpen }: ListProps) {
  const { t } = useTranslation('emailArchive');
  const format = useFormat();
  const topic = useTopicLabel();
  const wide = useWide();
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
        {list.map((mail) => (
          <Paper component="li" key={mail.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <SubjectButton mail={mail} onOpen={onOpen} />
              <MailStatusBadge status={mail.status} />
            </Group>
            <Text size="xs" c="gray.7" mt={4}>
              {format.dateTime(mail.createdAt)} · {topic(mail.topic)}
            </Text>
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {t('list.to')}: {mail.toUserName ?? mail.toAddress}
              {mail.fromLocationName ? ` · ${t('list.from')}: ${mail.fromLocationName}` : ''}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={940}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.written')}</Table.Th>
            <Table.Th>{t('list.topic')}</Table.Th>
            <Table.Th>{t('list.subject')}</Table.Th>
            <Table.Th>{t('list.to')}</Table.Th>
            <Table.Th>{t('list.from')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((mail) => (
            <Table.Tr key={mail.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(mail.createdAt)}</Table.Td>
              <Table.Td>{topic(mail.topic)}</Table.Td>
              <Table.Td maw={320}>
                <SubjectButton mail={mail} onOpen={onOpen} />
              </Table.Td>
              <Table.Td maw={260}>
                <Recipient mail={mail} />
              </Table.Td>
              <Table.Td>{mail.fromLocationName ?? ''}</Table.Td>
              <Table.Td>
                <MailStatusBadge status={mail.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
