/**
 * The match rate of the saved reconciliations over time (@mantine/charts' LineChart), oldest
 * first, so a customer sees it rise month by month (issue 22). Its text alternative: a summary
 * of the first and the latest rate under the chart; the list below holds every figure.
 */
import '@mantine/charts/styles.layer.css';
import { LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import type { ReconciliationSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useRate } from '../lib/format-rate';

/** The chart of `runs` (newest first, as listed); nothing for fewer than two. */
export function MatchRateChart({ runs }: { runs: readonly ReconciliationSummary[] }) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const rate = useRate();
  if (runs.length < 2) return null;
  const oldestFirst = [...runs].reverse();
  const data = oldestFirst.map((r, index) => ({ run: index, rate: r.matchRate / 100 }));
  // From a round figure below the lowest rate, so a rise of a few points shows: steps of 10 up to 50 points, else of 25.
  const lowest = Math.min(...data.map((d) => d.rate));
  const step = lowest >= 55 ? 10 : 25;
  const floor = Math.max(0, Math.floor((lowest - 5) / step) * step);
  const ticks = Array.from({ length: (100 - floor) / step + 1 }, (_, i) => floor + i * step);
  const first = oldestFirst[0] as ReconciliationSummary;
  const latest = oldestFirst.at(-1) as ReconciliationSummary;
  const label = (index: unknown) => {
    const run = oldestFirst[Number(index)];
    return run ? format.dateTime(run.createdAt, { dateStyle: 'short' }) : '';
  };
  const summary = t('chart.summary', {
    runs: format.number(runs.length),
    first: rate(first.matchRate),
    firstDate: format.dateTime(first.createdAt, { dateStyle: 'medium' }),
    latest: rate(latest.matchRate),
    latestDate: format.dateTime(latest.createdAt, { dateStyle: 'medium' }),
  });
  return (
    <Stack component="figure" gap={4} m={0} aria-label={t('chart.label')}>
      <LineChart
        h={200}
        data={data}
        dataKey="run"
        series={[{ name: 'rate', label: t('chart.rate'), color: 'brand.7' }]}
        curveType="linear"
        withDots
        yAxisProps={{ domain: [floor, 100], ticks }}
        valueFormatter={(value) => rate(Math.round(value * 100))}
        xAxisProps={{ tickFormatter: label }}
        tooltipProps={{ labelFormatter: label }}
        textColor="gray.7"
      />
      <Text component="figcaption" size="sm" c="gray.7">
        {summary}
      </Text>
    </Stack>
  );
}
