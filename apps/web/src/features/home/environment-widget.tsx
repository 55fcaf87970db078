/**
 * The environment widget of the start page (spec section 9: "environment (last N months of
 * fill and reuse degree, CO2)"): the last 12 months at the acting location as three figures,
 * a chart (lazy chunk, loaded when the card comes near the screen: docs/performance.md) and,
 * for everyone and for screen readers, the same months as a table.
 * Method and sources: docs/environment.md; the public environment calculator names them.
 */
import { Alert, Anchor, Box, Button, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import type { EnvironmentMonth } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadChunk } from '../../lib/chunk-load';
import { formatPlainDate } from '../../lib/format';
import { formatMass, formatShare, inTonnes } from '../../lib/format-mass';
import { useSession } from '../session/use-session';
import { environmentWidgetQuery } from './environment-api';
import { WidgetFigure } from './widget-figure';

const EnvironmentChart = lazy(() => loadChunk(() => import('./environment-chart')));
// The months' table is built when first shown, with Mantine's Table (and the ScrollArea its
// module brings): not part of the start page's first load (docs/performance.md).
const EnvironmentTable = lazy(() => loadChunk(() => import('./environment-table')));

/** Height of the chart's placeholder while it is off screen or loading, in px (the chart's own height). */
const CHART_HEIGHT = 260;

/**
 * Renders `children` once its place has come onto the screen (and keeps them from then on), a
 * skeleton of the same height before. The chart library (about 100 kB compressed, and its first
 * render the longest task of the start page) so loads and runs only when the chart is seen: on
 * a phone it is below the first screen (docs/performance.md). No margin: with 200 px, the top
 * bar's rows on a phone brought the chart's place within reach of the first screen (412 x 823).
 */
function WhenNearScreen({ children }: { children: ReactNode }) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: '0px' });
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (entry?.isIntersecting) setNear(true);
  }, [entry?.isIntersecting]);
  if (near) return children;
  return (
    <div ref={ref}>
      <Skeleton height={CHART_HEIGHT} />
    </div>
  );
}

/** The months' totals: CO2 saved, carriers moved, and the degrees weighted by the carriers moved. */
export function environmentTotals(months: readonly EnvironmentMonth[]) {
  const weighted = (pick: (m: EnvironmentMonth) => number | null) => {
    const known = months.filter((m) => pick(m) !== null && m.carriersMoved > 0);
    const carriers = known.reduce((s, m) => s + m.carriersMoved, 0);
    return carriers > 0 ? known.reduce((s, m) => s + (pick(m) as number) * m.carriersMoved, 0) / carriers : null;
  };
  return {
    co2SavedKg: months.reduce((s, m) => s + m.co2SavedKg, 0),
    carriersMoved: months.reduce((s, m) => s + m.carriersMoved, 0),
    reuseDegree: weighted((m) => m.reuseDegree),
    fillDegree: weighted((m) => m.fillDegree),
  };
}

/** The widget card: a skeleton while loading, a notice when the figures cannot be loaded. */
export function EnvironmentWidget() {
  const { t, i18n } = useTranslation('home');
  const locale = i18n.language;
  const { status } = useSession();
  const query = useQuery(environmentWidgetQuery(status.location?.id ?? null));
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const months = query.data ?? [];
  const totals = environmentTotals(months);
  const tonnes = inTonnes(Math.max(0, ...months.map((m) => m.co2SavedKg)));
  const monthLabel = (month: string) => formatPlainDate(`${month}-01`, locale, { month: 'short', year: '2-digit' });
  const description = t('environment.summary', {
    months: months.length,
    co2: formatMass(totals.co2SavedKg, locale),
    reuse: formatShare(totals.reuseDegree, locale),
    fill: formatShare(totals.fillDegree, locale),
  });

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="environment-heading">
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Title order={2} size="h4" id="environment-heading">
          {t('environment.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('environment.period', { months: 12 })}
        </Text>
      </Group>
      {query.isError ? (
        <Alert color="red" variant="light">
          {t('environment.failed')}
        </Alert>
      ) : !query.data ? (
        <Skeleton height={320} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, xs: 3 }} mb="md">
            <WidgetFigure label={t('environment.co2Saved')} value={formatMass(totals.co2SavedKg, locale)} />
            <WidgetFigure label={t('environment.reuseDegree')} value={formatShare(totals.reuseDegree, locale)} />
            <WidgetFigure label={t('environment.fillDegree')} value={formatShare(totals.fillDegree, locale)} />
          </SimpleGrid>
          <WhenNearScreen>
            <Suspense fallback={<Skeleton height={CHART_HEIGHT} />}>
              <EnvironmentChart
                rows={months.map((m) => ({
                  label: monthLabel(m.month),
                  co2: tonnes ? m.co2SavedKg / 1000 : m.co2SavedKg,
                  fillDegree: m.fillDegree === null ? null : Math.round(m.fillDegree * 1000) / 10,
                  reuseDegree: m.reuseDegree === null ? null : Math.round(m.reuseDegree * 1000) / 10,
                }))}
                locale={locale}
                unit={tonnes ? 't' : 'kg'}
                labels={{
                  co2: t('environment.co2Saved'),
                  fillDegree: t('environment.fillDegree'),
                  reuseDegree: t('environment.reuseDegree'),
                }}
                description={description}
              />
            </Suspense>
          </WhenNearScreen>
          <Group justify="space-between" mt="sm" gap="xs">
            <Button
              variant="subtle"
              size="compact-sm"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown((s) => !s)}
            >
              {tableShown ? t('environment.hideTable') : t('environment.showTable')}
            </Button>
            <Anchor component={Link} to="/environment-calculator" size="sm">
              {t('environment.method')}
            </Anchor>
          </Group>
          {/* Scrolls sideways on a phone: focusable, so keyboard users can scroll it too (WCAG 2.1.1).
              Its rows are built when shown, not with the start page (docs/performance.md). */}
          <Box
            id={tableId}
            hidden={!tableShown}
            mt="sm"
            tabIndex={0}
            role="region"
            aria-label={t('environment.tableCaption')}
            style={{ overflowX: 'auto' }}
          >
            {tableShown && (
              <Suspense fallback={<Skeleton height={320} />}>
                <EnvironmentTable months={months} locale={locale} tonnes={tonnes} />
              </Suspense>
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}
