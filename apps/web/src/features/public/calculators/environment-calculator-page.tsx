/**
 * /environment-calculator (spec section 2): the CO2 a visitor saves per year by pooling their
 * carriers instead of sending each on a new one-way carrier, by the method of
 * docs/environment.md (poolingEffect of @portal/domain).
 */
import { Text } from '@mantine/core';
import { poolingEffect } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatMass, inTonnes } from '../../../lib/format-mass';
import { CalculatorPage } from './calculator-page';
import { ResultPanel } from './result-panel';
import type { Trips } from './use-trips';

function Co2Result({ trips }: { trips: Trips }) {
  const { t, i18n } = useTranslation('environment');
  const locale = i18n.language;
  const effect = poolingEffect(trips);
  const tonnes = inTonnes(Math.max(0, ...effect.lines.map((l) => l.co2SavedKg)));
  return (
    <ResultPanel
      title={t('co2.resultTitle')}
      caption={t('co2.tableCaption')}
      valueHeader={t('co2.saved')}
      rows={effect.lines.map((line) => ({
        code: line.code,
        trips: formatNumber(line.trips, locale),
        value: formatMass(line.co2SavedKg, locale, tonnes),
      }))}
    >
      {effect.lines.length > 0 ? (
        <>
          <Text component="div" fz={36} fw={700} lh={1.2} c="teal.9">
            {t('co2.amount', { mass: formatMass(effect.co2SavedKg, locale) })}
          </Text>
          <Text size="sm" mt="xs">
            {t('co2.resultText', { oneWay: formatMass(effect.oneWayKg, locale), pooled: formatMass(effect.pooledKg, locale) })}
          </Text>
        </>
      ) : null}
    </ResultPanel>
  );
}

/** The route component of /environment-calculator. */
export function EnvironmentCalculatorPage() {
  const { t } = useTranslation(['environment', 'common']);
  return (
    <CalculatorPage
      kind="co2"
      title={t('common:titles.environmentCalculator')}
      intro={t('co2.intro')}
      other={{ path: 'construction-waste-calculator', label: t('co2.toWaste') }}
      result={(trips) => <Co2Result trips={trips} />}
    />
  );
}
