/**
 * The figures of one product of the balance, shared by the table (wide screens) and the cards
 * (phones): credit / owes in money, the physical balance with its date, and the warning of a
 * balance past its stock levels.
 */
import { Stack, Text, Tooltip } from '@mantine/core';
import type { InventoryLine, MoneyAmount } from '@portal/domain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** Right in a table's number column, left in a card. */
type Align = 'flex-end' | 'flex-start';

/**
 * Credit (a positive commission value) or owes (a negative one) per currency, two decimals in
 * the reader's locale (spec section 9); "–" when no price list prices the product.
 */
export function CreditOwes({ values, align = 'flex-end' }: { values: readonly MoneyAmount[]; align?: Align }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  if (values.length === 0) {
    return (
      <Text span size="sm" c="gray.7" title={t('noPrice')}>
        –
      </Text>
    );
  }
  return (
    <Stack gap={0} align={align}>
      {values.map((value) => (
        <Text
          key={value.currency}
          span
          size="sm"
          style={{
            whiteSpace: 'nowrap',
            color: value.amount < 0 ? 'var(--portal-text-danger)' : value.amount > 0 ? 'var(--portal-text-ok)' : undefined,
          }}
        >
          {format.money(value.amount, value.currency, { currencyDisplay: values.length > 1 ? 'code' : 'symbol' })}{' '}
          {value.amount !== 0 && (
            <Text span size="xs">
              {value.amount < 0 ? t('owes') : t('credit')}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** The last confirmed count and its date, or "–" (not counted). */
export function Physical({ line, align = 'flex-end' }: { line: Pick<InventoryLine, 'physicalBalance' | 'physicalDate'>; align?: Align }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  if (line.physicalBalance === null || line.physicalDate === null) {
    return (
      <Text span size="sm" c="gray.7" title={t('notCounted')}>
        –
      </Text>
    );
  }
  return (
    <Stack gap={0} align={align}>
      <Text span size="sm">
        {format.number(line.physicalBalance)}
      </Text>
      <Text span size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
        {t('countedOn', { date: format.plainDate(line.physicalDate) })}
      </Text>
    </Stack>
  );
}

/**
 * The warning icon of a balance below its lower or above its upper stock level (all locations:
 * at one of them at least); nothing when within or without levels.
 */
export function LevelWarning({ state, all }: { state: InventoryLine['levelState']; all: boolean }) {
  const { t } = useTranslation('balance');
  if (state !== 'below' && state !== 'above') return null;
  const label = t(`levelState.${state}${all ? 'Somewhere' : ''}`);
  return (
    <Tooltip label={label} withArrow>
      <IconAlertTriangle size={18} color="var(--mantine-color-orange-9)" role="img" aria-label={label} style={{ flexShrink: 0 }} />
    </Tooltip>
  );
}
