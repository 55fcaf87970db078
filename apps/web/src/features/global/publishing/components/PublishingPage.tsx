/**
 * Global > Publishing (`/app/global/publishing`; global admins; docs/messages.md): every
 * message of every type and audience, newest first, with its status (scheduled, live, expired,
 * withdrawn), audience and window, narrowed by type and status; "New message" and each title
 * open the editor.
 */
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { type Message, type MessageStatus, messageStatuses, messageTypes } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { useFormat } from '../../../../lib/format';
import { usePublishedMessages } from '../api/published-messages';
import { StatusBadge } from './StatusBadge';

/** Who a message reaches, in words: language, location type, task, customer. */
function useAudience() {
  const { t } = useTranslation('publishing');
  return (message: Message) =>
    [
      message.language ? t(`languages.${message.language}`) : null,
      message.locationType ? t(`locationTypes.${message.locationType}`) : null,
      message.taskId ? t(`tasks.${message.taskId}`) : null,
      message.visibility === 'customer' ? (message.customerName ?? `#${message.customerId}`) : null,
    ]
      .filter(Boolean)
      .join(' · ') || t('audience.everyone');
}

/** The list page; see the file comment. */
export function PublishingPage() {
  const { t } = useTranslation('publishing');
  const format = useFormat();
  const audience = useAudience();
  const [params, setParams] = useSearchParams();
  const messages = usePublishedMessages();
  const type = params.get('type');
  const status = params.get('status');
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const list = (messages.data ?? []).filter((m) => (!type || m.type === type) && (!status || m.status === status));
  const window = (m: Message) =>
    m.showFrom || m.showTo
      ? `${m.showFrom ? format.plainDate(m.showFrom) : '…'} – ${m.showTo ? format.plainDate(m.showTo) : '…'}`
      : t('window.always');

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button component={Link} to="/app/global/publishing/new" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('new')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select
          label={t('fields.type')}
          placeholder={t('filters.allTypes')}
          clearable
          data={messageTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          value={type}
          onChange={(value) => set('type', value)}
          w={200}
        />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.allStatuses')}
          clearable
          data={messageStatuses.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={status}
          onChange={(value) => set('status', value)}
          w={200}
        />
      </Group>
      <Paper withBorder radius="sm">
        {messages.isPending ? (
          <PageLoader />
        ) : messages.isError ? (
          <Alert color="red" m="md" title={t('loadFailed')}>
            {messages.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.title')}</Table.Th>
                  <Table.Th>{t('fields.type')}</Table.Th>
                  <Table.Th>{t('columns.audience')}</Table.Th>
                  <Table.Th>{t('columns.window')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/app/global/publishing/${message.id}`}>
                        {message.title}
                      </Anchor>
                      {message.mustRead && (
                        <Text size="xs" c="orange.9">
                          {t('fields.mustRead')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{t(`types.${message.type}`)}</Table.Td>
                    <Table.Td>{audience(message)}</Table.Td>
                    <Table.Td>{window(message)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={message.status as MessageStatus} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </Stack>
  );
}
