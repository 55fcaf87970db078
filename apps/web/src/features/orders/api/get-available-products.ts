/**
 * GET AvailableProducts: the products a location may order and receive (spec section 7).
 * `qtyHeight` is the full-stack height; ordered quantities are multiples of it.
 */
import type { Product } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Fetches the products available at a location. */
export function getAvailableProducts(locationId: number, signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('GET', 'AvailableProducts', {
    query: { locationId },
    signal,
  });
}

/** Query options of the products available at a location. */
export function availableProductsQueryOptions(locationId: number) {
  return queryOptions({
    queryKey: ['availableProducts', locationId],
    queryFn: ({ signal }) => getAvailableProducts(locationId, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** The products available at a location (disabled until the location is known). */
export function useAvailableProducts(locationId: number | null) {
  return useQuery({
    ...availableProductsQueryOptions(locationId ?? 0),
    enabled: locationId !== null,
  });
}
