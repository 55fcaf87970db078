/**
 * The fuel and car type of an order with its stack heights, and the load's fill degree (spec
 * sections 3, 5 and 9). Fuel and car type are always chosen (spec 5: "Fuel and car type must be
 * chosen before proceeding"): the provider's default truck and its fuel until the user picks
 * others; a fuel offers the car types that run on it, and choosing another fuel moves to its
 * first car type (the default one if it runs on that fuel). The fill is a percentage with one
 * decimal, red above 100 %, where a "possible high volume" warning says the load may not fit on
 * one truck.
 */
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import type { TruckType } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFill } from '../../lib/order-form';
import { chosenTruck, truckForFuel, truckFuels } from '../../lib/trucks';

interface TruckFillProps {
  trucks: TruckType[];
  /** The chosen truck type; null is the provider's default one. */
  truckTypeId: number | null;
  onChange: (truckTypeId: number) => void;
  /** The fill as a fraction (1 = a full truck), when known. */
  fill: number | null;
  fillPending?: boolean;
  error?: string;
}

/** The stack heights and places of a truck type, as a short line. */
export function useTruckDescription() {
  const { t } = useTranslation('orders');
  return (truck: TruckType) =>
    truck.tpuCount2 > 0
      ? t('truck.describeTwo', { height: truck.qtyHeight, count: truck.tpuCount, height2: truck.qtyHeight2, count2: truck.tpuCount2 })
      : t('truck.describe', { height: truck.qtyHeight, count: truck.tpuCount });
}

/** The fuel and car type selects and the fill degree. */
export function TruckFill({ trucks, truckTypeId, onChange, fill, fillPending, error }: TruckFillProps) {
  const { t, i18n } = useTranslation('orders');
  const describe = useTruckDescription();
  const truck = chosenTruck(trucks, truckTypeId);
  const [fuelChoice, setFuelChoice] = useState<string | null>(null);
  const fuel = fuelChoice ?? truck?.fuel ?? null;
  const shown = fill === null ? null : formatFill(fill, i18n.language);
  const fuelName = (value: string) => t(`truck.fuels.${value}`, { defaultValue: value });
  return (
    <Stack gap={6}>
      {/* Side by side while both names fit ("HVO (uusiutuva diesel)", "Kuorma-auto ja perävaunu,
          18 + 18 pinoa"), one under the other where they would be cut. */}
      <Group gap="xs" align="flex-start">
        <Select
          style={{ flex: '1 1 12.5rem' }}
          label={t('truck.fuel')}
          required
          allowDeselect={false}
          data={truckFuels(trucks).map((value) => ({ value, label: fuelName(value) }))}
          value={fuel}
          onChange={(value) => {
            if (value === null) return;
            setFuelChoice(value);
            const next = truckForFuel(trucks, truck, value);
            if (next && next.id !== truck?.id) onChange(next.id);
          }}
        />
        <Select
          style={{ flex: '2 1 19.5rem' }}
          label={t('truck.label')}
          required
          allowDeselect={false}
          data={trucks
            .filter((candidate) => fuel === null || candidate.fuel === fuel)
            .map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
          value={truck ? String(truck.id) : null}
          onChange={(value) => value !== null && onChange(Number(value))}
          description={truck ? describe(truck) : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={error}
        />
      </Group>

      <Group gap={6} aria-live="polite">
        <Text size="sm" fw={600}>
          {t('truck.fill')}:
        </Text>
        <Text
          size="sm"
          fw={700}
          style={{ color: shown?.over ? 'var(--portal-text-danger)' : undefined }}
          data-over={shown?.over || undefined}
        >
          {shown ? shown.text : fillPending ? '…' : '–'}
        </Text>
      </Group>
      {shown?.over && (
        <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden />} title={t('truck.highVolume')}>
          {t('truck.highVolumeText')}
        </Alert>
      )}
    </Stack>
  );
}
