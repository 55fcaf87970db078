/**
 * The environment widget's chart (a lazy chunk: @mantine/charts and recharts load after the
 * start page has drawn): CO2 saved per month as bars on the left axis (kg or tonnes), fill and
 * reuse degree as lines on the right axis (percent). Screen readers get the widget's summary
 * and its table instead (the chart itself is an image with a text alternative).
 */
import '@mantine/charts/styles.layer.css';
import { CompositeChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, Text } from '@mantine/core';
import { formatNumber } from '../../lib/format';

/** One month of the chart: CO2 in the chart's unit, degrees in percent (0-100), null when unknown. */
export interface EnvironmentChartRow {
  label: string;
  co2: number;
  /** Not `fill`: recharts reads a row's `fill` as the colour of its bar. */
  fillDegree: number | null;
  reuseDegree: number | null;
}

export interface EnvironmentChartProps {
  rows: EnvironmentChartRow[];
  locale: string;
  /** The CO2 unit of the rows ("kg" or "t") and the series' labels. */
  unit: 'kg' | 't';
  labels: { co2: string; fillDegree: string; reuseDegree: string };
  /** The text alternative of the chart (the summary of the months). */
  description: string;
}

interface TooltipItem {
  dataKey?: string | number;
  value?: number | null;
  color?: string;
}

/** The chart; default export for React.lazy. */
export default function EnvironmentChart({ rows, locale, unit, labels, description }: EnvironmentChartProps) {
  const number = (value: number, digits: number) =>
    formatNumber(value, locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const axisDigits = unit === 't' && Math.max(0, ...rows.map((r) => r.co2)) < 10 ? 1 : 0;
  const shown = (key: string, value: number) =>
    key === 'co2' ? `${number(value, unit === 't' ? 1 : 0)}\u00a0${unit}` : `${number(value, 1)}\u00a0%`;
  const series = [
    { name: 'co2', label: labels.co2, color: 'teal.7', type: 'bar' as const },
    { name: 'fillDegree', label: labels.fillDegree, color: 'indigo.7', type: 'line' as const, yAxisId: 'right' },
    { name: 'reuseDegree', label: labels.reuseDegree, color: 'orange.8', type: 'line' as const, yAxisId: 'right', strokeDasharray: '6 3' },
  ];
  return (
    <div role="img" aria-label={description}>
      <CompositeChart
        h={260}
        data={rows}
        dataKey="label"
        maxBarWidth={28}
        withRightYAxis
        accessibilityLayer={false}
        // Room above the top tick, so its label sits on its grid line instead of being pushed down.
        composedChartProps={{ margin: { top: 12, right: 0, bottom: 0, left: 0 } }}
        connectNulls={false}
        curveType="linear"
        gridAxis="x"
        yAxisProps={{ tickFormatter: (v: number) => number(v, axisDigits), width: 48 }}
        rightYAxisProps={{ domain: [0, 100], tickFormatter: (v: number) => `${v}\u00a0%`, width: 52 }}
        yAxisLabel={unit}
        series={series}
        tooltipProps={{
          content: ({ label, payload }) =>
            payload?.length ? (
              <Paper withBorder shadow="sm" p="xs" radius="sm">
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                {(payload as readonly TooltipItem[])
                  .filter((item) => typeof item.value === 'number')
                  .map((item) => (
                    <Text key={String(item.dataKey)} size="sm">
                      {labels[item.dataKey as keyof typeof labels]}: {shown(String(item.dataKey), item.value as number)}
                    </Text>
                  ))}
              </Paper>
            ) : null,
        }}
      />
      {/* The legend as page content, so it wraps on a phone instead of overlapping the chart. */}
      <Group gap="md" justify="center" mt="xs">
        {series.map((item) => (
          <Group key={item.name} gap={6} wrap="nowrap">
            <ColorSwatch color={`var(--mantine-color-${item.color.replace('.', '-')})`} size={12} withShadow={false} />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
    </div>
  );
}
