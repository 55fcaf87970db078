/**
 * The calculators' form: one number input (the portal's, spec section 5) per carrier type of
 * the pool, for the carriers a visitor sends per year, with the carrier's material, size and
 * tare weight under its name.
 */
import { Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { carrierFactors, carrierTypeCodes } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { formatNumber } from '../../../lib/format';
import { MAX_TRIPS_PER_YEAR, type useTrips } from './use-trips';

export function CarrierInputs({ state }: { state: ReturnType<typeof useTrips> }) {
  const { t, i18n } = useTranslation(['environment', 'messages']);
  const locale = i18n.language;
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="carrier-inputs-heading">
      <Title order={2} size="h4" id="carrier-inputs-heading">
        {t('calculator.inputsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('calculator.inputsHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {carrierTypeCodes.map((code) => {
          const f = carrierFactors[code];
          return (
            <NumberInput
              key={code}
              name={code}
              label={t(`messages:products.carrier.${code}`)}
              description={t('calculator.carrierDetails', {
                material: t(`calculator.material.${f.material}`),
                length: formatNumber(f.sizeMm[0], locale),
                width: formatNumber(f.sizeMm[1], locale),
                tare: formatNumber(f.tareKg, locale),
              })}
              value={state.trips[code] ?? null}
              onChange={(value) => state.setTrips(code, value)}
              max={MAX_TRIPS_PER_YEAR}
              warningLabel={t('calculator.numberWarning')}
              placeholder="0"
              wait={250}
            />
          );
        })}
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button variant="subtle" onClick={state.clear} disabled={Object.keys(state.trips).length === 0}>
          {t('calculator.clear')}
        </Button>
      </Group>
    </Paper>
  );
}
