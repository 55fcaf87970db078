/** The match rate as the screens write it: basis points (9,650) as a percentage with one decimal (96.5 %) in the user's locale. */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** `basisPoints` (matched per 10,000 rows) as a percentage with one decimal in `locale`. */
export function formatRate(basisPoints: number, locale: string): string {
  return formatNumber(basisPoints / 10_000, locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

/** `formatRate` in the active language. */
export function useRate(): (basisPoints: number) => string {
  const { i18n } = useTranslation();
  return (basisPoints) => formatRate(basisPoints, i18n.language);
}
