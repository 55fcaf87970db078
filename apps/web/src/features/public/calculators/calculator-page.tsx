/**
 * The frame of both public calculators (spec section 2: environment-calculator and
 * construction-waste-calculator): title and introduction, the carrier inputs beside the
 * result, the method and its sources, and the way to the other calculator (same numbers) and
 * back to sign-in. Computed in the browser from @portal/domain: no call, no sign-in.
 */
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/List.layer.css';
import { Anchor, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CarrierInputs } from './carrier-inputs';
import { MethodSources } from './method-sources';
import { useTrips } from './use-trips';

export interface CalculatorPageProps {
  kind: 'co2' | 'waste';
  title: string;
  intro: string;
  /** The result panel for the entered trips. */
  result: (trips: ReturnType<typeof useTrips>['trips']) => ReactNode;
  other: { path: string; label: string };
}

export function CalculatorPage({ kind, title, intro, result, other }: CalculatorPageProps) {
  const { t } = useTranslation(['environment', 'public']);
  const state = useTrips();
  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text mt="xs" maw={760}>
          {intro}
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <CarrierInputs state={state} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>{result(state.trips)}</Grid.Col>
      </Grid>
      <MethodSources kind={kind} />
      <Group gap="lg">
        <Anchor component={Link} to={`/${other.path}${state.search}`}>
          {other.label}
        </Anchor>
        <Anchor component={Link} to="/">
          {t('public:backToLogin')}
        </Anchor>
      </Group>
    </Stack>
  );
}
