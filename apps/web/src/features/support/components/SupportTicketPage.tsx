/**
 * One case (`/app/support/tickets/{id}`; issue 10, "Support": "the detail page shows the thread
 * and the history of status changes"): its facts and description, its files (add more, open one),
 * provider staff's panel (take, status, priority, internal note), the thread with the comment box
 * ("Answer from template" for provider staff) and the history. Another customer's case answers 404
 * and shows "not found".
 */
import { Alert, Anchor, Button, FileButton, Grid, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { ATTACHMENT_ACCEPT, type SupportTicket } from '@portal/domain';
import { IconArrowLeft, IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { openTicketFile, useSupportTicket, useUploadTicketFiles } from '../api/support-tickets';
import { EditTicketDialog } from './EditTicketDialog';
import { PriorityBadge, StatusBadge } from './SupportBadges';
import { TicketManage } from './TicketManage';
import { TicketThread } from './TicketThread';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="gray.7">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function Files({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const upload = useUploadTicketFiles(ticket.id);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('detail.files')}
      </Title>
      {ticket.attachments.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('detail.noFiles')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {ticket.attachments.map((file) => (
            <li key={file.id}>
              <Anchor component="button" type="button" size="sm" onClick={() => openTicketFile(file.id)}>
                {file.fileName}
              </Anchor>
              <Text span size="xs" c="gray.7">
                {' '}
                · {format.number(Math.ceil(file.sizeBytes / 1024))} kB · {file.userName ?? ''}
              </Text>
            </li>
          ))}
        </Stack>
      )}
      {ticket.may.comment && (
        <>
          <FileButton
            accept={ATTACHMENT_ACCEPT}
            multiple
            onChange={(files) => {
              if (files.length === 0) return;
              upload.mutate(files, {
                onError: (failure) =>
                  notifyError(
                    t('detail.fileFailed'),
                    failure instanceof ApiError ? (failure.fields.file ?? failure.message) : failure.message,
                  ),
              });
            }}
            disabled={upload.isPending}
          >
            {(props) => (
              <Button
                {...props}
                variant="default"
                w="fit-content"
                loading={upload.isPending}
                leftSection={<IconPaperclip size={16} aria-hidden />}
              >
                {t('detail.addFiles')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="gray.7">
            {t('dialog.filesHint')}
          </Text>
        </>
      )}
    </Stack>
  );
}

function History({ ticket }: { ticket: SupportTicket }) {
  const { t } = useTranslation('support');
  const format = useFormat();
  const label = (field: string, value: string | null) =>
    value === null ? '–' : field === 'status' ? t(`status.${value}`) : field === 'priority' ? t(`priority.${value}`) : value;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('detail.history')}
      </Title>
      <Stack gap={4} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {ticket.history.map((entry) => (
          <Text component="li" key={entry.id} size="sm">
            <Text span size="xs" c="gray.7">
              {format.dateTime(entry.createdAt)}
            </Text>{' '}
            {entry.fromValue === null && entry.field === 'status'
              ? t('detail.historyOpened')
              : t(`detail.history_${entry.field}`, { from: label(entry.field, entry.fromValue), to: label(entry.field, entry.toValue) })}
            {entry.userName ? ` (${entry.userName})` : ` (${t('detail.historyJob')})`}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

/** The case page; see the file comment. */
export function SupportTicketPage() {
  const { t } = useTranslation('support');
  const format = useFormat();
  const { status } = useSession();
  const id = Number(useParams().id);
  const query = useSupportTicket(id);
  const [editing, setEditing] = useState(false);
  const back = (
    <Anchor component={Link} to="/app/support/tickets" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Alert color={missing ? 'gray' : 'red'} title={missing ? t('detail.notFound') : t('detail.loadFailed')}>
          {!missing && (
            <Group gap="sm">
              <Text size="sm">{query.error.message}</Text>
              <Button size="xs" variant="default" onClick={() => query.refetch()}>
                {t('detail.retry')}
              </Button>
            </Group>
          )}
        </Alert>
      </Stack>
    );
  }
  const ticket = query.data;
  const staff = status.isProvider;
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" c="gray.7">
            {t('detail.number', { id: ticket.id })}
          </Text>
          <Title order={1} size="h2">
            {ticket.topic}
          </Title>
        </Stack>
        <Group gap="xs">
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {ticket.may.edit && (
            <Button size="xs" variant="default" onClick={() => setEditing(true)}>
              {t('detail.edit')}
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder radius="sm" p="md">
              <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="sm">
                <Fact label={t('detail.opened')}>
                  {ticket.userName}, {format.dateTime(ticket.createdAt)}
                </Fact>
                <Fact label={t('detail.place')}>
                  {[staff ? ticket.customerName : null, ticket.locationName].filter(Boolean).join(' · ') || '–'}
                </Fact>
                <Fact label={t('dialog.category')}>{ticket.category ? t(`category.${ticket.category}`) : '–'}</Fact>
                <Fact label={t('detail.order')}>
                  {ticket.orderId === null ? (
                    '–'
                  ) : ticket.orderTarget ? (
                    <Anchor component={Link} to={`/app/${ticket.orderTarget}`} size="sm">
                      {t('detail.orderLink', { id: ticket.orderId })}
                    </Anchor>
                  ) : (
                    t('detail.orderLink', { id: ticket.orderId })
                  )}
                </Fact>
                <Fact label={t('dialog.product')}>{ticket.productName ?? ticket.product ?? '–'}</Fact>
                <Fact label={t('list.assigned')}>{ticket.assignedUserName ?? t('detail.nobody')}</Fact>
              </SimpleGrid>
              <Text size="sm" mt="md" style={{ whiteSpace: 'pre-wrap' }}>
                {ticket.description}
              </Text>
            </Paper>
            <TicketThread ticket={ticket} staff={staff} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {ticket.may.manage && <TicketManage key={`${ticket.id}-${ticket.internalNote ?? ''}`} ticket={ticket} />}
            <Files ticket={ticket} />
            <History ticket={ticket} />
          </Stack>
        </Grid.Col>
      </Grid>
      {editing && <EditTicketDialog ticket={ticket} onClose={() => setEditing(false)} />}
    </Stack>
  );
}
