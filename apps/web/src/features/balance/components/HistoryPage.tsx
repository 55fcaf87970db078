/**
 * A product's history at a location (/app/balance/:productId?location=&from=&to=; docs/domain.md,
 * "Balance screen"): the balance at the start of the period, a chart of the balance over time,
 * the ledger entries with the balance after each and a link to the order each came from, and
 * the balance at its end. The period (from / to date pickers with week numbers; default the last
 * 90 days) and the location are in the address, so a view can be linked.
 */
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { addPlainDays, BALANCE_HISTORY_MAX_DAYS, type BalanceFigures } from '@portal/domain';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { PageLoader } from '../../../components/page-loader';
import { loadChunk } from '../../../lib/chunk-load';
import { useFormat } from '../../../lib/format';
import { usePeriodParams } from '../../../lib/use-period-params';
import { useSession } from '../../session/use-session';
import { useToday } from '../../session/use-today';
import { useBalanceHistory } from '../api/get-balance-history';
import { useBalanceLocations } from '../api/get-balance-locations';
import { useLocationChoice } from '../lib/location-choice';
import { HistoryTable } from './HistoryTable';
import { LocationSelect } from './LocationSelect';

/** The chart and its library load as a chunk of their own, after the figures. */
const HistoryChart = lazy(() => loadChunk(() => import('./HistoryChart')).then((m) => ({ default: m.HistoryChart })));

/** Days of the default period: the last 90 days, today included. */
const DEFAULT_DAYS = 90;

/** The route component of /app/balance/:productId. */
export function HistoryPage() {
  const { t } = useTranslation('balance');
  const { status } = useSession();
  const productId = Number(useParams().productId);
  if (!status.location || !Number.isInteger(productId) || productId <= 0) {
    return (
      <Alert icon={<IconInfoCircle aria-hidden />} title={t('history.title')} role="status">
        {status.location ? t('history.noProduct') : t('noLocation')}
      </Alert>
    );
  }
  return <History productId={productId} actingLocationId={status.location.id} />;
}

function History({ productId, actingLocationId }: { productId: number; actingLocationId: number }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const [choice, setChoice] = useLocationChoice(actingLocationId);
  const locationId = choice === 'all' ? actingLocationId : choice;
  const today = useToday();
  const { from, to, setPeriod } = usePeriodParams(today, (end) => addPlainDays(end, -(DEFAULT_DAYS - 1)));
  const locations = useBalanceLocations();
  const history = useBalanceHistory({ locationId, productId, from, to });
  const data = history.data;

  const figures = (value: BalanceFigures) =>
    t('history.figures', {
      total: format.number(value.total),
      pooling: format.number(value.pooling),
      commission: format.number(value.commission),
    });
  const backTo = choice === actingLocationId ? '/app/balance' : `/app/balance?location=${locationId}`;

  return (
    <Stack gap="md">
      <Anchor component={Link} to={backTo} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconArrowLeft size={16} aria-hidden />
          {t('history.back')}
        </Group>
      </Anchor>
      <Stack gap={2}>
        <Title order={1} size="h2">
          {data ? t('history.heading', { product: data.productName, location: data.locationName }) : t('history.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('history.intro')}
        </Text>
      </Stack>
      <Group align="flex-end" gap="md" wrap="wrap">
        <LocationSelect locations={locations.data ?? []} value={locationId} onChange={setChoice} />
        <DateRangePickers
          value={{ from, to }}
          onChange={setPeriod}
          fromLabel={t('history.from')}
          toLabel={t('history.to')}
          max={today}
          maxDays={BALANCE_HISTORY_MAX_DAYS}
          pickerProps={{ allDaysOpen: true, clearable: false, w: 170 }}
        />
      </Group>
      {history.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          {history.error.message}
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(
              [
                ['history.balanceAt', data.from, data.balanceAtFrom],
                ['history.balanceEnd', data.to, data.balanceAtTo],
              ] as const
            ).map(([label, day, value]) => (
              <Paper key={label} withBorder radius="md" p="sm">
                <Text size="sm" c="gray.7">
                  {t(label, { date: format.plainDate(day, { dateStyle: 'medium' }) })}
                </Text>
                <Text fw={700} size="lg">
                  {figures(value)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          <Paper withBorder radius="md" p="sm" component="figure" m={0}>
            <Text component="figcaption" fw={600} mb="xs">
              {t('history.chart')}
            </Text>
            <Suspense fallback={<PageLoader minHeight={260} />}>
              <HistoryChart history={data} />
            </Suspense>
          </Paper>
          <Title order={2} size="h4">
            {t('history.entries', { count: data.entries.length })}
          </Title>
          {data.entries.length === 0 ? (
            <Alert icon={<IconInfoCircle aria-hidden />} role="status">
              {t('history.none')}
            </Alert>
          ) : (
            <HistoryTable history={data} actingLocationId={actingLocationId} />
          )}
        </>
      )}
    </Stack>
  );
}
