/**
 * The balance of a product over time (@mantine/charts' LineChart on recharts): a step line of
 * the balance after each day's entries, from the balance at the start of `from` to the end of
 * `to`, in all and, where the location has both, per kind. The entries table below is its text
 * alternative.
 */
import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import type { BalanceHistory } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { chartPoints } from '../lib/chart-points';

export function HistoryChart({ history }: { history: BalanceHistory }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const data = chartPoints(history);
  const hasPooling = data.some((p) => p.pooling !== 0);
  const hasCommission = data.some((p) => p.commission !== 0);
  const series = [
    { name: 'total', label: t('history.total'), color: 'brand.7' },
    ...(hasPooling && hasCommission
      ? [
          { name: 'pooling', label: t('history.kinds.pooling'), color: 'teal.8', strokeDasharray: '6 4' },
          { name: 'commission', label: t('history.kinds.commission'), color: 'orange.9', strokeDasharray: '2 3' },
        ]
      : []),
  ];
  // Recharts also asks for labels of no point (an idle tooltip): those stay empty.
  const date = (value: unknown, options: Intl.DateTimeFormatOptions) => {
    const day = Number(value);
    return Number.isFinite(day) ? format.plainDate(new Date(day).toISOString().slice(0, 10), options) : '';
  };
  return (
    <LineChart
      h={260}
      data={data}
      dataKey="day"
      series={series}
      curveType="stepAfter"
      withDots={data.length <= 60}
      withLegend={series.length > 1}
      valueFormatter={(value) => format.number(value)}
      xAxisProps={{
        type: 'number',
        scale: 'time',
        domain: ['dataMin', 'dataMax'],
        tickFormatter: (value) => date(value, { day: 'numeric', month: 'short' }),
      }}
      tooltipProps={{ labelFormatter: (value) => date(value, { dateStyle: 'medium' }) }}
      textColor="gray.7"
      aria-label={t('history.chartLabel', { product: history.productName, location: history.locationName })}
    />
  );
}
