/**
 * Reports > Reconciliation (`/app/reconciliation`; issue 22, docs/reconciliation.md "Screens"):
 * the acting customer's saved reconciliations, newest first (when, by whom, the file, the period,
 * the locations, the match rate and the four counts), each opening its page; above them the match
 * rate over time once there are two; "New reconciliation" opens the upload.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';
import { useReconciliations } from '../api/reconciliations';
import { useRate } from '../lib/format-rate';
import { MatchRateChart } from './MatchRateChart';

/** The list page; see the file comment. */
export function ReconciliationsPage() {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const rate = useRate();
  const list = useReconciliations();
  const runs = list.data ?? [];
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
        <Button component={Link} to="/app/reconciliation/new" leftSection={<IconPlus size={18} aria-hidden />}>
          {t('new.button')}
        </Button>
      </Group>
      {list.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          {list.error.message}
        </Alert>
      ) : list.isPending ? (
        <PageLoader />
      ) : runs.length === 0 ? (
        <Paper withBorder p="md">
          <Text size="sm">{t('empty')}</Text>
        </Paper>
      ) : (
        <>
          <MatchRateChart runs={runs} />
          <ScrollTable minWidth={900} label={t('list.caption')}>
            <Table verticalSpacing="xs" highlightOnHover>
              <caption className="visually-hidden">{t('list.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('list.createdAt')}</Table.Th>
                  <Table.Th>{t('list.file')}</Table.Th>
                  <Table.Th>{t('list.period')}</Table.Th>
                  <Table.Th>{t('list.locations')}</Table.Th>
                  <Table.Th ta="right">{t('list.matchRate')}</Table.Th>
                  <Table.Th ta="right">{t('outcomes.matched')}</Table.Th>
                  <Table.Th ta="right">{t('outcomes.different')}</Table.Th>
                  <Table.Th ta="right">{t('outcomes.fileOnly')}</Table.Th>
                  <Table.Th ta="right">{t('outcomes.portalOnly')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/app/reconciliation/${r.id}`} fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {format.dateTime(r.createdAt)}
                      </Anchor>
                      <Text size="xs" c="gray.7">
                        {t('list.by', { name: r.createdBy })}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'break-word' }}>{r.fileName}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t('period', { from: format.plainDate(r.from), to: format.plainDate(r.to) })}
                    </Table.Td>
                    <Table.Td>{r.locations.length ? r.locations.map((l) => l.name).join(', ') : t('allLocations')}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {rate(r.matchRate)}
                    </Table.Td>
                    <Table.Td ta="right">{format.number(r.matched)}</Table.Td>
                    <Table.Td ta="right">{format.number(r.different)}</Table.Td>
                    <Table.Td ta="right">{format.number(r.fileOnly)}</Table.Td>
                    <Table.Td ta="right">{format.number(r.portalOnly)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </>
      )}
    </Stack>
  );
}
