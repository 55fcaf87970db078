/**
 * Company > Counting (`/app/company/audit`; spec section 3 "Count audit"; docs/domain.md "Count
 * audits"): the counts of the caller's locations (provider staff: every location's), newest
 * count date first, with their state, filtered by location, status and dates; "Register count";
 * for provider staff a notice of the counts awaiting their confirmation, one click from the list
 * of them.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { COUNT_AUDITS_LIST_MAX, type CountAuditSummary } from '@portal/domain';
import { IconClipboardList, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useCountAuditLocations } from '../api/get-count-audit-locations';
import { useCountAudits, usePendingCountAudits } from '../api/get-count-audits';
import { CountAuditFilters, filtersFromParams } from './CountAuditFilters';
import { CountAuditStatusBadge } from './CountAuditStatusBadge';

/** Who did it and when, on two lines. */
function Actor({ actor }: { actor: CountAuditSummary['registered'] | null }) {
  const format = useFormat();
  if (!actor) return <span aria-hidden>–</span>;
  return (
    <>
      <Text span size="sm" display="block">
        {actor.name}
      </Text>
      <Text span size="xs" c="gray.7" display="block">
        {format.dateTime(actor.at)}
      </Text>
    </>
  );
}

/** The list page; see the file comment. */
export function CountAuditsPage() {
  const { t } = useTranslation('counting');
  const format = useFormat();
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
        <Alert color="orange" variant="light" icon={<IconClipboardList aria-hidden />} title={t('pending.title')}>
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
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="xs" highlightOnHover>
              <caption className="visually-hidden">{t('list.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.date')}</Table.Th>
                  <Table.Th>{t('list.location')}</Table.Th>
                  <Table.Th>{t('list.status')}</Table.Th>
                  <Table.Th ta="right">{t('list.products')}</Table.Th>
                  <Table.Th ta="right">{t('list.differences')}</Table.Th>
                  <Table.Th>{t('list.registered')}</Table.Th>
                  <Table.Th>{t('list.decided')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((audit) => (
                  <Table.Tr key={audit.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Anchor component={Link} to={`/app/company/audit/${audit.id}`} fw={600} size="sm">
                        {format.plainDate(audit.date, { dateStyle: 'medium' })}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text span size="sm" display="block">
                        {audit.locationName}
                      </Text>
                      {showsCustomer && (
                        <Text span size="xs" c="gray.7" display="block">
                          {audit.customerName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <CountAuditStatusBadge status={audit.status} />
                    </Table.Td>
                    <Table.Td ta="right">{format.number(audit.lineCount)}</Table.Td>
                    <Table.Td ta="right">{format.number(audit.differenceCount)}</Table.Td>
                    <Table.Td>
                      <Actor actor={audit.registered} />
                    </Table.Td>
                    <Table.Td>
                      <Actor actor={audit.decided} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
