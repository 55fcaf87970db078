/**
 * GET AvailableProducts: the products a location may order and receive (spec section 7); with
 * the order's receiver (`locationIdTo`), only those the receiver takes too, so the order dialog
 * offers only what both ends allow (POST Orders refuses the others: spec section 5).
 * `qtyHeight` is the full-stack height; ordered quantities are multiples of it.
 */
import type { Product } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Fetches the products available at a location, for an order to `receiverId` when given. */
export function getAvailableProducts(locationId: number, receiverId?: number | null, signal?: AbortSignal): Promise<Product[]> {
  return api<Product[]>('GET', 'AvailableProducts', {
    query: { locationId, locationIdTo: receiverId ?? undefined },
    signal,
  });
}

/** Query options of the products available at a location (for an order to `receiverId`). */
export function availableProductsQueryOptions(locationId: number, receiverId?: number | null) {
  return queryOptions({
    queryKey: ['availableProducts', locationId, receiverId ?? null],
    queryFn: ({ signal }) => getAvailableProducts(locationId, receiverId, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/**
 * The products available at a location (disabled until the location is known); with
 * `receiverId`, the registered location the order goes to, only those it takes too.
 */
export function useAvailableProducts(locationId: number | null, receiverId?: number | null) {
  return useQuery({
    ...availableProductsQueryOptions(locationId ?? 0, receiverId),
    enabled: locationId !== null,
  });
}
