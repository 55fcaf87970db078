/**
 * Prices of an order, for provider staff only (docs/domain.md "Placing an order": price per
 * carrier, freight and transport fee; the server refuses them from anyone else). Entered in
 * the order's currency with two decimals, the active language's decimal and group separators;
 * sent as integer minor units (`minorUnits` in lib/order-form.ts).
 */
import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderFormValues } from '../../lib/order-form';

type Money = OrderFormValues['money'];

/** The decimal and group separators of `locale` (e.g. nb-NO: "," and a narrow no-break space). */
export function separators(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ' ',
  };
}

interface MoneyFieldsProps {
  value: Money;
  currency: string;
  onChange: (patch: Partial<Money>) => void;
  errors: Record<string, string>;
}

/** The three price inputs, with the currency beside each. */
export function MoneyFields({ value, currency, onChange, errors }: MoneyFieldsProps) {
  const { t, i18n } = useTranslation('orders');
  const { decimal, group } = separators(i18n.language);
  const field = (key: keyof Money) => (
    <NumberInput
      key={key}
      label={t(`money.${key}`, { currency })}
      value={value[key] ?? ''}
      onChange={(next) => onChange({ [key]: typeof next === 'number' ? next : next === '' ? null : Number(next) })}
      min={0}
      max={1_000_000}
      clampBehavior="strict"
      decimalScale={2}
      fixedDecimalScale
      decimalSeparator={decimal}
      thousandSeparator={group}
      allowNegative={false}
      hideControls
      rightSection={
        <Text size="xs" c="gray.7" aria-hidden>
          {currency}
        </Text>
      }
      rightSectionWidth={44}
      error={errors[key]}
    />
  );
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={700} size="md" mb="xs">
        {t('money.legend')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {field('price')}
        {field('freight')}
        {field('transportFee')}
      </SimpleGrid>
    </fieldset>
  );
}
