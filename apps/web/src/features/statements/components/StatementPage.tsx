/**
 * Reports > Statement (/app/statements?location=&from=&to=; issue 22): a location's statement for
 * a period, read from the ledger both parties share: per product and account the opening
 * balance, in, out and closing; every movement with its reference, counterparty and the
 * balance after it (the reports' virtual grid, sortable, for up to 10,000 rows); the carriers in
 * transit at the end. As a PDF in the user's language or as an Excel workbook. The location and
 * period are in the address (default: the acting location, this month to today), so a
 * statement can be linked.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type Report, STATEMENT_MAX_DAYS, type Statement, type StatementEntry, statementReference } from '@portal/domain';
import { IconFileSpreadsheet, IconFileTypePdf, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { PageLoader } from '../../../components/page-loader';
import { PdfButton } from '../../../components/pdf-button/pdf-button';
import { notifyError } from '../../../lib/notify';
import { usePeriodParams } from '../../../lib/use-period-params';
import { useBalanceLocations } from '../../balance/api/get-balance-locations';
import { LocationSelect } from '../../balance/components/LocationSelect';
import { useLocationChoice } from '../../balance/lib/location-choice';
import { ReportGrid } from '../../reports/components/ReportGrid';
import { useSession } from '../../session/use-session';
import { useToday } from '../../session/use-today';
import { downloadStatementWorkbook, showStatementDocument, useStatement } from '../api/statements';
import { AccountsTable, TransitTable } from './StatementTables';

/** The route component of /app/statements. */
export function StatementPage() {
  const { t } = useTranslation('statements');
  const { status } = useSession();
  if (!status.location)
    return (
      <Alert icon={<IconInfoCircle aria-hidden />} title={t('title')} role="status">
        {t('noLocation')}
      </Alert>
    );
  return <StatementView actingLocationId={status.location.id} />;
}

/** An entry's reference as the PDF writes it (`statementReference`): order number, pallet receipt number, count, rental or dispute. */
function reference(t: TFunction, e: StatementEntry): string {
  const found = statementReference(e);
  if (found === null) return '';
  return 'text' in found ? found.text : t(`reference.${found.key}`, { id: found.id });
}

/** The movements as a report for the shared grid: typed columns, one row per entry, the sums of in and out. */
function movementsReport(t: TFunction, statement: Statement): Pick<Report, 'columns' | 'rows' | 'totals'> {
  const names = new Map(statement.accounts.map((a) => [a.productId, a.productName]));
  const column = (key: string, type: Report['columns'][number]['type']) => ({ key, type, label: t(`columns.${key}`) });
  let totalIn = 0;
  let totalOut = 0;
  const rows = statement.entries.map((e) => {
    if (e.quantity > 0) totalIn += e.quantity;
    else totalOut -= e.quantity;
    return {
      date: e.bookingDate,
      movement: t(`source.${e.source}`),
      reference: reference(t, e),
      counterparty: e.counterparty,
      product: names.get(e.productId) ?? String(e.productId),
      account: t(`account.${e.balanceKind}`),
      in: e.quantity > 0 ? e.quantity : null,
      out: e.quantity < 0 ? -e.quantity : null,
      balanceAfter: e.balanceAfter,
    };
  });
  return {
    columns: [
      column('date', 'date'),
      column('movement', 'text'),
      column('reference', 'text'),
      column('counterparty', 'text'),
      column('product', 'text'),
      column('account', 'text'),
      column('in', 'integer'),
      column('out', 'integer'),
      column('balanceAfter', 'integer'),
    ],
    rows,
    totals: { in: totalIn, out: totalOut },
  };
}

function StatementView({ actingLocationId }: { actingLocationId: number }) {
  const { t } = useTranslation('statements');
  const [choice, setChoice] = useLocationChoice(actingLocationId);
  const locationId = choice === 'all' ? actingLocationId : choice;
  // Default: the month of `to` so far.
  const { from, to, setPeriod } = usePeriodParams(useToday(), (end) => `${end.slice(0, 8)}01`);
  const query = { locationId, from, to };
  const locations = useBalanceLocations();
  const statement = useStatement(query);
  const data = statement.data;
  const report = useMemo(() => (data ? movementsReport(t, data) : undefined), [data, t]);
  const [downloading, setDownloading] = useState(false);

  const excel = async () => {
    setDownloading(true);
    try {
      await downloadStatementWorkbook(query);
    } catch (error) {
      notifyError(t('excelFailed'), (error as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {data ? t('heading', { location: data.location.name }) : t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <LocationSelect locations={locations.data ?? []} value={locationId} onChange={setChoice} />
        <DateRangePickers
          value={{ from, to }}
          onChange={setPeriod}
          fromLabel={t('from')}
          toLabel={t('to')}
          maxDays={STATEMENT_MAX_DAYS - 1}
          pickerProps={{ allDaysOpen: true, clearable: false, w: 170 }}
        />
      </Group>
      <Group gap="sm" wrap="wrap">
        <PdfButton
          variant="light"
          icon={<IconFileTypePdf size={18} aria-hidden />}
          label={t('pdf.open')}
          hint={t('pdf.hint')}
          tabTitle={t('pdf.tabTitle')}
          opening={t('pdf.opening')}
          failed={t('pdf.failed')}
          show={(tab) => showStatementDocument(query, tab)}
        />
        <Button
          variant="light"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          loading={downloading}
          onClick={() => void excel()}
        >
          {t('excel')}
        </Button>
      </Group>
      {statement.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          {statement.error.message}
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          <Title order={2} size="h4">
            {t('balances')}
          </Title>
          {data.accounts.length === 0 ? (
            <Alert icon={<IconInfoCircle aria-hidden />} role="status">
              {t('noBalances')}
            </Alert>
          ) : (
            <AccountsTable statement={data} />
          )}
          <Title order={2} size="h4">
            {t('movements', { count: data.entries.length })}
          </Title>
          {data.entries.length === 0 ? (
            <Alert icon={<IconInfoCircle aria-hidden />} role="status">
              {t('noMovements')}
            </Alert>
          ) : (
            <ReportGrid
              title={t('movementsLabel')}
              report={report}
              loading={statement.isFetching}
              error={false}
              keyColumns={['date', 'reference', 'in', 'out', 'balanceAfter']}
            />
          )}
          <TransitTable statement={data} />
        </>
      )}
    </Stack>
  );
}
