/**
 * GET Days (spec section 7): every day of the months `from`..`to` (yyyy-MM) with whether it
 * is open for the location's country (domain.md, "Open days").
 */
import type { Day } from '@portal/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** Fetches the days of the months `from`..`to` (yyyy-MM) for a location (default: the acting one). */
export function getDays(from: string, to: string, locationId: number | undefined, signal?: AbortSignal): Promise<Day[]> {
  return api<Day[]>('GET', 'Days', { query: { from, to, locationId }, signal });
}

/** Query options of GET Days; open days change rarely, so they stay fresh for an hour. */
export function daysQueryOptions(from: string, to: string, locationId?: number) {
  return queryOptions({
    queryKey: ['days', locationId ?? null, from, to],
    queryFn: ({ signal }) => getDays(from, to, locationId, signal),
    staleTime: 60 * 60 * 1000,
  });
}

/** The days of a window of months; keeps the previous window while the next one loads. */
export function useDays(from: string, to: string, locationId: number | undefined, enabled = true) {
  return useQuery({
    ...daysQueryOptions(from, to, locationId),
    enabled,
    placeholderData: keepPreviousData,
  });
}
