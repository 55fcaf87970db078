/**
 * The transport of a handover: the haulier and the car number (upper case as typed), side by
 * side where there is room, stacked on a phone.
 */
import { Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface TransportFieldsProps {
  haulier: string;
  carNumber: string;
  onHaulier: (value: string) => void;
  onCarNumber: (value: string) => void;
  errors: Record<string, string>;
}

/** The two fields. */
export function TransportFields({ haulier, carNumber, onHaulier, onCarNumber, errors }: TransportFieldsProps) {
  const { t } = useTranslation('palletReceipts');
  return (
    <Group grow gap="sm" align="flex-start" wrap="wrap" preventGrowOverflow={false}>
      <TextInput
        label={t('form.haulier')}
        size="md"
        required
        maxLength={100}
        value={haulier}
        onChange={(event) => onHaulier(event.currentTarget.value)}
        error={errors.haulier}
        miw={200}
      />
      <TextInput
        label={t('form.carNumber')}
        size="md"
        required
        maxLength={20}
        autoCapitalize="characters"
        autoComplete="off"
        value={carNumber}
        onChange={(event) => onCarNumber(event.currentTarget.value.toUpperCase())}
        error={errors.carNumber}
        miw={160}
      />
    </Group>
  );
}
