/**
 * POST StockLevels: sets a product's lower and upper level at a location (a level left out
 * keeps its value, null clears it). The balance is read again afterwards, so its warning
 * follows the new levels at once.
 */
import type { SaveStockLevelRequest, StockLevel } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { inventoryKey } from './get-inventory';

export function useSaveStockLevel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveStockLevelRequest) => api<StockLevel>('POST', 'StockLevels', { body: request }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inventoryKey }),
  });
}
