/**
 * One reconciliation (`/app/reconciliation/:id`; issue 22, docs/reconciliation.md "Screens"): what
 * it ran over (period, locations, tolerance, file, who and when), the match rate and the four
 * counts, per product the balance by the file against the balance by the ledger, and its rows
 * with a filter by outcome (ReconciliationRows). "Export to Excel" saves the server's workbook.
 */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Reconciliation } from '@portal/domain';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadReconciliationWorkbook, useReconciliation } from '../api/reconciliations';
import { useRate } from '../lib/format-rate';
import { ReconciliationRows } from './ReconciliationRows';

/** The route component; see the file comment. */
export function ReconciliationPage() {
  const { t } = useTranslation('reconciliation');
  const id = Number(useParams().id);
  const reconciliation = useReconciliation(id);
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/reconciliation" size="sm">
        {t('backToList')}
      </Anchor>
      {reconciliation.isError ? (
        <Alert color="red" title={t('detail.loadFailed')} role="alert">
          {reconciliation.error.message}
        </Alert>
      ) : !reconciliation.data ? (
        <PageLoader />
      ) : (
        <ReconciliationView reconciliation={reconciliation.data} />
      )}
    </Stack>
  );
}

/** A figure in a small box: its label above, the value below. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function ReconciliationView({ reconciliation: r }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const rate = useRate();
  const [downloading, setDownloading] = useState(false);
  const excel = async () => {
    setDownloading(true);
    try {
      await downloadReconciliationWorkbook(r.id);
    } catch (error) {
      notifyError(t('excelFailed'), (error as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const facts: [string, string][] = [
    [t('detail.period'), t('period', { from: format.plainDate(r.from), to: format.plainDate(r.to) })],
    [t('detail.locations'), r.locations.length ? r.locations.map((l) => l.name).join(', ') : t('allLocations')],
    [t('detail.tolerance'), t('detail.toleranceDays', { count: r.toleranceDays })],
    [t('detail.file'), r.fileName],
    [t('detail.created'), t('detail.createdBy', { date: format.dateTime(r.createdAt), name: r.createdBy })],
  ];
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Title order={1} size="h2">
          {t('detail.heading', { date: format.dateTime(r.createdAt, { dateStyle: 'medium' }) })}
        </Title>
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={downloading}
          onClick={() => void excel()}
        >
          {t('excel')}
        </Button>
      </Group>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
        {facts.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="gray.7">
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
        <Figure label={t('list.matchRate')} value={rate(r.matchRate)} />
        <Figure label={t('outcomes.matched')} value={format.number(r.matched)} />
        <Figure label={t('outcomes.different')} value={format.number(r.different)} />
        <Figure label={t('outcomes.fileOnly')} value={format.number(r.fileOnly)} />
        <Figure label={t('outcomes.portalOnly')} value={format.number(r.portalOnly)} />
      </SimpleGrid>
      <Title order={2} size="h4">
        {t('detail.products')}
      </Title>
      {r.products.length === 0 ? (
        <Text size="sm">{t('detail.noProducts')}</Text>
      ) : (
        <ScrollTable minWidth={520} label={t('detail.products')}>
          <Table verticalSpacing="xs">
            <caption className="visually-hidden">{t('detail.products')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rows.product')}</Table.Th>
                <Table.Th ta="right">{t('detail.fileBalance')}</Table.Th>
                <Table.Th ta="right">{t('detail.ledgerBalance')}</Table.Th>
                <Table.Th ta="right">{t('detail.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {r.products.map((p) => (
                <Table.Tr key={p.productId ?? p.productName}>
                  <Table.Th scope="row" fw={400}>
                    {p.productName}
                  </Table.Th>
                  <Table.Td ta="right">{format.number(p.fileBalance)}</Table.Td>
                  <Table.Td ta="right">{format.number(p.ledgerBalance)}</Table.Td>
                  <Table.Td ta="right" fw={p.difference ? 700 : undefined}>
                    {format.number(p.difference, { signDisplay: 'exceptZero' })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Title order={2} size="h4">
        {t('detail.rows', { count: r.rows.length, rows: format.number(r.rows.length) })}
      </Title>
      <ReconciliationRows reconciliation={r} />
    </>
  );
}
