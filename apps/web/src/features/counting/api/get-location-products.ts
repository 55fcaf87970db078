/**
 * The products a location holds (GET AvailableProducts with the location alone: its
 * `location_products`), the lines of the count form.
 */
import type { Product } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query options of a location's products (shared with the order dialogs' key for the same location). */
export const locationProductsQueryOptions = (locationId: number) =>
  queryOptions({
    queryKey: ['availableProducts', locationId, null],
    queryFn: ({ signal }) => api<Product[]>('GET', 'AvailableProducts', { signal, query: { locationId } }),
    staleTime: 5 * 60 * 1000,
  });

/** The products of a location (disabled until one is chosen). */
export function useLocationProducts(locationId: number | null) {
  return useQuery({ ...locationProductsQueryOptions(locationId ?? 0), enabled: locationId !== null });
}
