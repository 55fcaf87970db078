/**
 * A carrier count with large minus and plus buttons (44 px: a phone at the dock, WCAG 2.5.8)
 * around the portal's number input (spec section 5, "Number input"): whole carriers from 0 to
 * PALLET_RECEIPT_MAX_QUANTITY.
 */
import { ActionIcon, Group } from '@mantine/core';
import { PALLET_RECEIPT_MAX_QUANTITY } from '@portal/domain';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';

interface QuantityStepperProps {
  /** The field's visible label ("Delivered"). */
  label: string;
  /** Names the field for screen readers with its product ("Delivered, EUR pallet"). */
  accessibleLabel: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
}

/** Minus, the number, plus; see the file comment. */
export function QuantityStepper({ label, accessibleLabel, value, onChange, error }: QuantityStepperProps) {
  const { t } = useTranslation('palletReceipts');
  const current = value ?? 0;
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <ActionIcon
        size={44}
        variant="default"
        aria-label={t('lines.less', { field: accessibleLabel })}
        disabled={current <= 0}
        onClick={() => onChange(Math.max(0, current - 1))}
        mb={error ? 22 : 0}
      >
        <IconMinus size={20} aria-hidden />
      </ActionIcon>
      <NumberInput
        label={label}
        aria-label={accessibleLabel}
        value={value}
        onChange={onChange}
        max={PALLET_RECEIPT_MAX_QUANTITY}
        error={error}
        size="md"
        w={96}
        inputMode="numeric"
      />
      <ActionIcon
        size={44}
        variant="default"
        aria-label={t('lines.more', { field: accessibleLabel })}
        disabled={current >= PALLET_RECEIPT_MAX_QUANTITY}
        onClick={() => onChange(current + 1)}
        mb={error ? 22 : 0}
      >
        <IconPlus size={20} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
