/**
 * The fill degree of a load on a truck (domain.md, "Carriers"; spec section 9: a percentage with
 * one decimal, red above 1): GET OrderFill for lines not saved yet, GET ScheduleOrderFill for a
 * saved scheduled order.
 */
import type { OrderFill } from '@portal/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A line of the load: product and quantity in carriers. */
export interface FillLine {
  productId: number;
  quantity: number;
}

/** The fill of unsaved lines on a truck type (the default truck when null); off without lines. */
export function useLinesFill(truckTypeId: number | null, lines: FillLine[]) {
  const text = lines
    .filter((line) => line.quantity > 0)
    .map((line) => `${line.productId}:${line.quantity}`)
    .join(',');
  return useQuery({
    queryKey: ['orderFill', truckTypeId, text],
    queryFn: ({ signal }) => api<OrderFill>('GET', 'OrderFill', { signal, query: { truckTypeId, lines: text } }),
    enabled: text !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET ScheduleOrderFill: a saved scheduled order's fill as a fraction (1 = a full truck). */
export function useScheduleFill(id: number | null) {
  return useQuery({
    queryKey: ['scheduleFill', id],
    queryFn: ({ signal }) => api<number>('GET', 'ScheduleOrderFill', { signal, query: { id } }),
    enabled: id !== null,
    staleTime: 60_000,
  });
}
