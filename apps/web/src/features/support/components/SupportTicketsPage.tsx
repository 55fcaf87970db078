/**
 * Support > Cases (`/app/support/tickets`; issue 10, "Support"): the caller's cases (provider
 * staff: every customer's) with filters, sorting and "{count} of {total}", and "New case". For
 * provider staff a notice of the new cases waiting to be taken, one click from the list of them.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useCaseLookups, useNewSupportTicketCount, useSupportTickets } from '../api/support-tickets';
import { filtersFromParams } from '../lib/filters';
import { NewTicketDialog } from './NewTicketDialog';
import { TicketFilters } from './TicketFilters';
import { TicketList } from './TicketList';

/** The list page; see the file comment. */
export function SupportTicketsPage() {
  const { t } = useTranslation('support');
  const format = useFormat();
  const { status } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const tickets = useSupportTickets(filters);
  const { locations } = useCaseLookups();
  const waiting = useNewSupportTicketCount(status.isProvider);
  const [creating, setCreating] = useState(false);
  const list = tickets.data?.rows ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {status.isProvider ? t('introStaff') : t('intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      </Group>
      {status.isProvider && !!waiting.data && filters.status !== 'New' && (
        <Alert color="blue" variant="light" icon={<IconLifebuoy aria-hidden />} title={t('waiting.title')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('waiting.text', { count: waiting.data })}</Text>
            <Button size="compact-sm" variant="white" color="dark" onClick={() => setParams(new URLSearchParams({ status: 'New' }))}>
              {t('waiting.show')}
            </Button>
          </Group>
        </Alert>
      )}
      <TicketFilters
        key={params.get('text') === null ? 'empty' : 'text'}
        filters={filters}
        setParams={setParams}
        locations={locations.data ?? []}
      />
      <Paper withBorder radius="sm">
        {tickets.isPending ? (
          <PageLoader />
        ) : tickets.isError ? (
          <Alert color="red" m="md" title={t('list.loadFailed')}>
            {tickets.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('list.none')}
          </Text>
        ) : (
          <TicketList list={list} showsCustomer={status.isProvider} />
        )}
      </Paper>
      {tickets.data && (
        <Text size="sm" c="gray.7" aria-live="polite">
          {t('list.count', { shown: format.number(list.length), total: format.number(tickets.data.count) })}
        </Text>
      )}
      <NewTicketDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => {
          setCreating(false);
          navigate(`/app/support/tickets/${id}`);
        }}
      />
    </Stack>
  );
}
