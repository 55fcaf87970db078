/** Start-page data (spec section 9, "Widgets"): GET Widgets/volume. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { formatNumber } from '../../lib/format';

/** This year's orders, carriers and weight (kg) at the acting location. */
export interface VolumeWidget {
  year: number;
  orders: number;
  pallets: number;
  weightKg: number;
}

export const volumeWidgetQuery = (locationId: number | null) =>
  queryOptions({
    queryKey: ['widgets', 'volume', locationId],
    queryFn: ({ signal }) => api<VolumeWidget>('GET', 'Widgets/volume', { signal }),
    staleTime: 5 * 60_000,
  });

/** Kilograms as tonnes with one decimal in the locale ("12 345,6"). */
export function formatTonnes(weightKg: number, locale: string): string {
  return formatNumber(weightKg / 1000, locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
