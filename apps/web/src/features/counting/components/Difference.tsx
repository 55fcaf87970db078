/**
 * A count's difference in carriers (counted minus balance) with its sign: more carriers on the
 * ground than booked in green, fewer in red, none plain. The sign says it without the colour.
 */
import { Text } from '@mantine/core';
import { useFormat } from '../../../lib/format';

/** `value` with a sign ("+12", "−5", "0"), coloured by its direction. */
export function Difference({ value, fw = 700 }: { value: number; fw?: number }) {
  const format = useFormat();
  const color = value > 0 ? 'var(--portal-text-ok)' : value < 0 ? 'var(--portal-text-danger)' : undefined;
  return (
    <Text span size="sm" fw={value === 0 ? 400 : fw} style={{ color, whiteSpace: 'nowrap' }}>
      {format.number(value, { signDisplay: 'exceptZero' })}
    </Text>
  );
}
