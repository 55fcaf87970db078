/** Start-page data (spec section 9, "Widgets"): GET Widgets/volume. */
import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../../app/query-client';
import { api, tokenStore } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { handoverDone } from '../../lib/handover';
import { initialDataQuery } from '../session/session-api';
import { environmentWidgetQuery } from './environment-api';

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

/**
 * The start page's loader work: once the session names the acting location (POST Actions, which
 * the boot script has usually sent), asks for both widgets' figures, so they arrive with the
 * page's first render instead of being asked for by its effects after it (docs/performance.md).
 */
export function prefetchStartPage(): void {
  // Runs beside the /app loader, not after it: like its token guard, it waits for a sign-in
  // handed over in `?auth=` to be exchanged, and asks nothing without a token.
  void handoverDone
    .then(() => (tokenStore.get() ? queryClient.fetchQuery(initialDataQuery) : null))
    .then(
      (data) => {
        if (!data) return;
        const locationId = data.status.location?.id ?? null;
        void queryClient.prefetchQuery(volumeWidgetQuery(locationId));
        void queryClient.prefetchQuery(environmentWidgetQuery(locationId));
      },
      () => undefined, // the SessionProvider shows the error
    );
}
