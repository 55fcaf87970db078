/**
 * Masses and shares of the environment figures (start page widget, public calculators), in
 * the reader's locale: kilograms below a tonne, tonnes with one decimal from there (the SI
 * symbol t, the same in all five languages), and degrees as percentages with one decimal
 * (spec section 9: "fill as percentage with 1 decimal").
 */
import { formatNumber } from './format';

/** Whether a series whose largest value is `maxKg` reads best in tonnes. */
export const inTonnes = (maxKg: number) => Math.abs(maxKg) >= 1000;

/** `kg` as "850 kg" or "12,3 t" (nb-NO); `tonnes` forces one unit for a whole series. */
export function formatMass(kg: number, locale: string, tonnes = inTonnes(kg)): string {
  return tonnes
    ? `${formatNumber(kg / 1000, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}\u00a0t`
    : `${formatNumber(kg, locale, { maximumFractionDigits: 0 })}\u00a0kg`;
}

/** A share 0-1 as a percentage with one decimal ("87,5 %" in nb-NO); an en dash when unknown. */
export function formatShare(share: number | null, locale: string): string {
  return share === null ? '–' : formatNumber(share, locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
