/**
 * A number of seconds as the locale writes a short duration: "45 s", "12 min", "3 h", "2 d"
 * (Intl.NumberFormat with a unit, through lib/format; whole units, rounded down).
 */
import { formatNumber } from '../../../../lib/format';

export function formatDuration(seconds: number, locale: string): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.floor(seconds / 60), 'minute']
        : seconds < 86_400
          ? [Math.floor(seconds / 3600), 'hour']
          : [Math.floor(seconds / 86_400), 'day'];
  return formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'short' });
}
