/**
 * GET stockDetails (spec section 7): a location's balances per product and kind. The order
 * dialog shows what the sending location holds (pooling and commission; the physical count
 * apart) beside each product of a pickup or a delivery.
 */
import type { StockDetails } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Carriers held per product id (pooling plus commission balances). */
export function heldByProduct(stock: StockDetails): Map<number, number> {
  const held = new Map<number, number>();
  for (const row of stock.balances) {
    if (row.balanceKind === 'physical') continue;
    held.set(row.productId, (held.get(row.productId) ?? 0) + row.quantity);
  }
  return held;
}

/** The carriers a location holds per product (only fetched when `enabled`). */
export function useStock(locationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['stockDetails', locationId],
    queryFn: ({ signal }) => api<StockDetails>('GET', 'stockDetails', { signal, query: { locationId } }),
    enabled,
    staleTime: 60_000,
    select: heldByProduct,
  });
}
