/** GET Widgets/environment (spec section 9): the last months of fill degree, reuse degree and CO2 saved. */
import type { EnvironmentMonth } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** The last `months` calendar months at the acting location, oldest first (the key names the location: a switch refetches). */
export const environmentWidgetQuery = (locationId: number | null, months = 12) =>
  queryOptions({
    queryKey: ['widgets', 'environment', locationId, months],
    queryFn: ({ signal }) => api<EnvironmentMonth[]>('GET', 'Widgets/environment', { query: { months }, signal }),
    staleTime: 5 * 60_000,
  });
