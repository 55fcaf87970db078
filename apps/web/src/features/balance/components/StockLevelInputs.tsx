/**
 * The lower and upper stock level of a product at a location, edited in place with the portal's
 * number input (spec section 5): whole carriers, 0-100,000, a warning icon while the balance is
 * past the level typed (the lower input warns at or above balance + 1, the upper at or below
 * balance - 1). A level is saved when its field is left or Enter is pressed (POST StockLevels);
 * an empty field clears it. A failing save shows "Error saving" (spec section 8) with the reason.
 */
import { Group } from '@mantine/core';
import { type InventoryLine, STOCK_LEVEL_MAX } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input/NumberInput';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveStockLevel } from '../api/save-stock-level';

type Field = 'lowerLevel' | 'upperLevel';

export interface StockLevelInputsProps {
  line: InventoryLine;
  locationId: number;
  /** Show each field's label (cards) instead of naming it for screen readers only (table). */
  withLabels?: boolean;
  /** Which of the two to render (the table gives each its column); both by default. */
  only?: Field;
}

/** One or both level inputs of a product. */
export function StockLevelInputs({ line, locationId, withLabels = false, only }: StockLevelInputsProps) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const save = useSaveStockLevel();
  const [values, setValues] = useState<Record<Field, number | null>>({ lowerLevel: line.lowerLevel, upperLevel: line.upperLevel });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // What the server has (or was last sent), so leaving a field unchanged, or Enter then leaving, saves once.
  const sent = useRef<Record<Field, number | null>>({ lowerLevel: line.lowerLevel, upperLevel: line.upperLevel });
  useEffect(() => {
    sent.current = { lowerLevel: line.lowerLevel, upperLevel: line.upperLevel };
    setValues({ lowerLevel: line.lowerLevel, upperLevel: line.upperLevel });
  }, [line.lowerLevel, line.upperLevel]);

  const balance = line.poolingBalance + line.commissionBalance;
  const commit = (field: Field, text: string) => {
    const value = text.trim() === '' ? null : Number.parseInt(text, 10);
    if (Number.isNaN(value) || value === sent.current[field]) return;
    const previous = sent.current[field];
    sent.current = { ...sent.current, [field]: value };
    save.mutate(
      { locationId, productId: line.productId, [field]: value },
      {
        onSuccess: () => {
          setErrors({});
          notifySuccess(t('saved', { product: line.productName }));
        },
        onError: (error) => {
          sent.current = { ...sent.current, [field]: previous };
          const reason = error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : error.message;
          setErrors((current) => ({ ...current, [field]: reason }));
          notifyError(t('errorSaving'), reason);
        },
      },
    );
  };

  const input = (field: Field) => {
    const name = t(field === 'lowerLevel' ? 'columns.lowerLevel' : 'columns.upperLevel');
    const warning = t(field === 'lowerLevel' ? 'lowerWarn' : 'upperWarn', { balance: format.number(balance) });
    return (
      <NumberInput
        key={field}
        label={withLabels ? name : undefined}
        aria-label={withLabels ? undefined : t(field === 'lowerLevel' ? 'lowerFor' : 'upperFor', { product: line.productName })}
        value={values[field]}
        onChange={(value) => {
          setValues((current) => ({ ...current, [field]: value }));
          setErrors((current) => ({ ...current, [field]: undefined }));
        }}
        max={STOCK_LEVEL_MAX}
        {...(field === 'lowerLevel' ? { warn: balance + 1 } : { warnBelow: balance - 1 })}
        warningLabel={warning}
        error={errors[field]}
        onBlur={(event) => commit(field, event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(field, event.currentTarget.value);
        }}
        size="xs"
        w={withLabels ? undefined : 112}
        miw={96}
      />
    );
  };

  if (only) return input(only);
  return (
    <Group gap="xs" align="flex-start" grow wrap="nowrap">
      {input('lowerLevel')}
      {input('upperLevel')}
    </Group>
  );
}
