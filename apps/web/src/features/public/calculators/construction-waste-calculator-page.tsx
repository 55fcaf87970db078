/**
 * /construction-waste-calculator (spec section 2): the wood and cardboard a visitor's building
 * sites and warehouses keep out of the waste per year by pooling their carriers: a one-way
 * carrier is thrown away after its trip, a pooled one only when worn out (then recycled).
 * Method: docs/environment.md (poolingEffect of @portal/domain).
 */
import { List, Text } from '@mantine/core';
import { poolingEffect } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatMass, inTonnes } from '../../../lib/format-mass';
import { CalculatorPage } from './calculator-page';
import { ResultPanel } from './result-panel';
import type { Trips } from './use-trips';

function WasteResult({ trips }: { trips: Trips }) {
  const { t, i18n } = useTranslation('environment');
  const locale = i18n.language;
  const effect = poolingEffect(trips);
  const tonnes = inTonnes(Math.max(0, ...effect.lines.map((l) => l.wasteAvoidedKg)));
  const wood = effect.oneWayWaste.wood - effect.pooledWaste.wood;
  const cardboard = effect.oneWayWaste.cardboard - effect.pooledWaste.cardboard;
  return (
    <ResultPanel
      title={t('waste.resultTitle')}
      caption={t('waste.tableCaption')}
      valueHeader={t('waste.avoided')}
      rows={effect.lines.map((line) => ({
        code: line.code,
        trips: formatNumber(line.trips, locale),
        value: formatMass(line.wasteAvoidedKg, locale, tonnes),
      }))}
    >
      {effect.lines.length > 0 ? (
        <>
          <Text component="div" fz={36} fw={700} lh={1.2} c="teal.9">
            {formatMass(effect.wasteAvoidedKg, locale)}
          </Text>
          <List size="sm" mt="xs" spacing={2}>
            {wood > 0 && <List.Item>{t('waste.wood', { mass: formatMass(wood, locale) })}</List.Item>}
            {cardboard > 0 && <List.Item>{t('waste.cardboard', { mass: formatMass(cardboard, locale) })}</List.Item>}
            {effect.pooledWaste.plastic > 0 && (
              <List.Item>{t('waste.plastic', { mass: formatMass(effect.pooledWaste.plastic, locale) })}</List.Item>
            )}
          </List>
        </>
      ) : null}
    </ResultPanel>
  );
}

/** The route component of /construction-waste-calculator. */
export function ConstructionWasteCalculatorPage() {
  const { t } = useTranslation(['environment', 'common']);
  return (
    <CalculatorPage
      kind="waste"
      title={t('common:titles.constructionWasteCalculator')}
      intro={t('waste.intro')}
      other={{ path: 'environment-calculator', label: t('waste.toCo2') }}
      result={(trips) => <WasteResult trips={trips} />}
    />
  );
}
