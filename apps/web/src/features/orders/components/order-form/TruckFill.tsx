/**
 * The truck type of an order with its stack heights, and the load's fill degree (spec sections 3
 * and 9): a percentage with one decimal, red above 100 %, where a "possible high volume" warning
 * says the load may not fit on one truck.
 */
import { Alert, Group, Select, Stack, Text } from '@mantine/core';
import type { TruckType } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatFill } from '../../lib/order-form';

interface TruckFillProps {
  trucks: TruckType[];
  truckTypeId: number | null;
  onChange: (truckTypeId: number | null) => void;
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

/** The truck select and the fill degree. */
export function TruckFill({ trucks, truckTypeId, onChange, fill, fillPending, error }: TruckFillProps) {
  const { t, i18n } = useTranslation('orders');
  const describe = useTruckDescription();
  const truck = trucks.find((candidate) => candidate.id === truckTypeId);
  const shown = fill === null ? null : formatFill(fill, i18n.language);
  return (
    <Stack gap={6}>
      <Select
        label={t('truck.label')}
        placeholder={t('truck.default')}
        data={trucks.map((candidate) => ({ value: String(candidate.id), label: candidate.name }))}
        value={truckTypeId === null ? null : String(truckTypeId)}
        onChange={(value) => onChange(value === null ? null : Number(value))}
        description={truck ? describe(truck) : undefined}
        clearable
        error={error}
      />
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
