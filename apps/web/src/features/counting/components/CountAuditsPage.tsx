/**
 * Company > Counting (`/app/company/audit`; spec section 3 "Count audit"; docs/domain.md "Count
 * audits"): the counts of the caller's locations (provider staff: every location's), newest
 * count date first, with their state, filtered by location, status and dates; "Register count";
 * for provider staff a notice of the counts awaiting their confirmation, one click from the list
 * of them.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { COUNT_AUDITS_LIST_MAX } from '@portal/domain';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useSession } from '../../session/use-session';
import { useCountAuditLocations } from '../api/get-count-audit-locations';
import { useCountAudits, usePendingCountAudits } from '../api/get-count-audits';
import { filtersFromParams } from '../lib/filters';
import { titleColor } from '../lib/title-colors';
import { CountAuditFilters } from './CountAuditFilters';
import { CountAuditList } from './CountAuditList';

/** The list page; see the file comment. */
export function CountAuditsPage() {
  const { t } = useTranslation('counting');
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const audits = useCountAudits(filters);
  const locations = useCountAuditLocations();
  const pending = usePendingCountAudits(status.isProvider);
  const list = audits.data ?? [];
  const showsCustomer = new Set(locations.data?.map((l) => l.customerName)).size > 1;

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
        <Button component={Link} to="/app/company/audit/new" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('register')}
        </Button>
      </Group>
      {status.isProvider && !!pending.data && filters.status !== 'registered' && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconClipboardList aria-hidden />}
          title={t('pending.title')}
          styles={titleColor.warning}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('pending.text', { count: pending.data })}</Text>
            <Button size="compact-sm" variant="white" color="dark" onClick={() => setParams(new URLSearchParams({ status: 'registered' }))}>
              {t('pending.show')}
            </Button>
          </Group>
        </Alert>
      )}
      <CountAuditFilters filters={filters} setParams={setParams} locations={locations.data ?? []} />
      <Paper withBorder radius="sm">
        {audits.isPending ? (
          <PageLoader />
        ) : audits.isError ? (
          <Alert color="red" m="md" title={t('list.loadFailed')}>
            {audits.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('list.none')}
          </Text>
        ) : (
          <CountAuditList list={list} showsCustomer={showsCustomer} />
        )}
      </Paper>
      {list.length >= COUNT_AUDITS_LIST_MAX && (
        <Text size="sm" c="gray.7">
          {t('list.limit', { count: COUNT_AUDITS_LIST_MAX })}
        </Text>
      )}
    </Stack>
  );
}
