/**
 * "Method and sources" under both calculators: how the figures are made, with the published
 * figures they rest on (read from @portal/domain, so the page and the method cannot drift)
 * and the studies to look them up in. docs/environment.md has the full derivation.
 */
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { DEVIATKIN_2020, environmentSources, FRAUNHOFER_IBP_2018 } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

export function MethodSources({ kind }: { kind: 'co2' | 'waste' }) {
  const { t, i18n } = useTranslation('environment');
  const n = (value: number, digits = 0) =>
    formatNumber(value, i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const figures = {
    woodKg: n(DEVIATKIN_2020.woodPalletManufactureKg, 1),
    woodTrips: n(DEVIATKIN_2020.woodTripsPerLife),
    plasticTrips: n(DEVIATKIN_2020.plasticTripsPerLife),
    plasticKg: n(DEVIATKIN_2020.plasticCradleToGravePer1000TripsKg / 1000, 2),
    boxes: n(FRAUNHOFER_IBP_2018.singleUseBoxesCo2Kg / 1000),
    crates: n(FRAUNHOFER_IBP_2018.reusableCratesCo2Kg / 1000),
    cardboard: n(FRAUNHOFER_IBP_2018.singleUseBoxesCardboardKg),
    plastic: n(FRAUNHOFER_IBP_2018.reusableCratesPlasticKg),
  };
  const paragraphs = kind === 'co2' ? ['oneWay', 'pooled', 'scaling'] : ['waste', 'wasteCrates', 'scaling'];
  return (
    <Stack component="section" aria-labelledby="method-heading" id="method" gap="xs">
      <Title order={2} size="h4" id="method-heading">
        {t('method.title')}
      </Title>
      {paragraphs.map((key) => (
        <Text key={key} size="sm">
          {t(`method.${key}`, figures)}
        </Text>
      ))}
      <Title order={3} size="h6" mt="xs">
        {t('method.sources')}
      </Title>
      <List size="sm" spacing={4}>
        {environmentSources.map((source) => (
          <List.Item key={source.id}>
            {source.citation}{' '}
            <Anchor href={source.url} target="_blank" rel="noreferrer">
              {source.url.replace(/^https:\/\//, '')}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
