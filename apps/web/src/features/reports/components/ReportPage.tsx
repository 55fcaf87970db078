/**
 * A report page (spec section 2: reports/transactions, pooling, commisions, locations, purchases,
 * users; Shop accounting: shop and retailers / wholesale transactions): title and what the report
 * shows, the filters that fit it (in the address), "Export to Excel" of the same filters, and the
 * grid with its totals. Money columns come only for users with the finance-report permission
 * (the server leaves them out); others read a note that says so. The Shop accounting pages have
 * their own small section nav.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { canUseArea, maySeeMoney, type ReportName } from '@portal/domain';
import { IconArrowLeft, IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { notifyError } from '../../orders/lib/notify';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import { downloadReport, useReport } from '../api/get-report';
import { useReportScope } from '../api/report-scope';
import { descriptionKey, reportPage } from '../lib/reports';
import { useReportFilters } from '../lib/use-report-filters';
import { ReportFilters } from './ReportFilters';
import { ReportGrid } from './ReportGrid';
import { ShopAccountingNav } from './ShopAccountingNav';

export function ReportPage({ report }: { report: ReportName }) {
  const { t, i18n } = useTranslation('reports');
  const { status } = useSession();
  const page = reportPage(report);
  const mayReadReports = canUseArea(menuContextOf(status), 'reports');
  const [filters, setFilters, resetFilters] = useReportFilters();
  const scope = useReportScope(`${status.user.id}:${status.location?.id ?? 0}`, mayReadReports);
  const query = useReport(report, filters);
  const [exporting, setExporting] = useState(false);
  const title = t(`titles.${report}`);

  useEffect(() => {
    if (query.error) notifyError(t('grid.loadFailed'), query.error.message);
  }, [query.error, t]);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadReport(report, filters);
    } catch (error) {
      notifyError(t('export.failed'), (error as Error).message);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="sm">
      {page.shop ? (
        <ShopAccountingNav current={report} />
      ) : (
        <Anchor component={Link} to="/app/reports" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} aria-hidden />
            {t('nav.back')}
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {t(descriptionKey(report, maySeeMoney(status)))}
          </Text>
        </div>
        <Button
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          variant="light"
          loading={exporting}
          onClick={exportXlsx}
          disabled={!query.data || query.data.rows.length === 0}
        >
          {t('export.button')}
        </Button>
      </Group>
      <ReportFilters
        keys={page.filters}
        value={filters}
        onChange={setFilters}
        onReset={resetFilters}
        scope={mayReadReports ? (scope.data ?? { customers: [], locations: [] }) : null}
      />
      {!maySeeMoney(status) && report !== 'users' && report !== 'locations' && report !== 'transactions' && (
        <Text size="sm" c="dimmed">
          {t('grid.noMoney')}
        </Text>
      )}
      <ReportGrid title={title} report={query.data} loading={query.isFetching} error={query.isError} keyColumns={page.keyColumns} />
      <Text size="sm" aria-live="polite">
        {query.data
          ? t('grid.rows', { count: query.data.rows.length, formattedCount: formatNumber(query.data.rows.length, i18n.language) })
          : ''}
      </Text>
    </Stack>
  );
}

/** The route's page: the report named by the route's `handle.report` (routes.tsx). */
export function ReportRoute() {
  const handle = useMatches().at(-1)?.handle as { report?: ReportName } | undefined;
  return handle?.report ? <ReportPage key={handle.report} report={handle.report} /> : null;
}
