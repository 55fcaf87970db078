/**
 * GET /products?all=true: every product with its full-stack height, to know the step of an
 * order line (lines carry only the product id) and to add another quality when sorting.
 */
import type { Product } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Query options of all products; they rarely change. */
export const allProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'all'],
    queryFn: ({ signal }) => api<Product[]>('GET', 'products', { signal, query: { all: true } }),
    staleTime: 60 * 60 * 1000,
  });

/** All products (only fetched when `enabled`). */
export function useAllProducts(enabled = true) {
  return useQuery({ ...allProductsQueryOptions(), enabled });
}
