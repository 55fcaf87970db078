/**
 * GET Orders and GET ExternalOrders for the order lists (spec sections 7 and 9): 1000 rows per
 * call from `offset`, prefix term search, send-date range, status list, one sort field, the
 * grid's column filters, and what the list itself narrows to (kinds, from or to the acting
 * location, given ids). The grid shows 50 of the fetched rows at a time.
 */
import type { OrderSummary, orderSortFields } from '@portal/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The answer of GET Orders (ZOrdersResponse): a block of rows and how many match in all. */
export interface OrdersResponse {
  items: OrderSummary[];
  total: number;
}

/** Rows per GET Orders call (spec section 9, "list fetch count 1000"). */
export const ORDERS_FETCH_COUNT = 1000;

export type OrderSortField = (typeof orderSortFields)[number];

/** What a list asks for; empty strings, nulls and empty lists are left out of the query. */
export interface OrdersFilter {
  /** GET Orders, or GET ExternalOrders (orders to external receivers). */
  endpoint: 'Orders' | 'ExternalOrders';
  /** Orders where this location is either party; null: every order in the caller's scope. */
  locationId: number | null;
  /** Transaction types (1 purchase, 2 sale, 3 delivery); empty: all. */
  transactionTypes: number[];
  /** Only orders sent from this location. */
  locationIdFrom: number | null;
  /** Only orders to this location. */
  locationIdTo: number | null;
  /** Only these orders (the disagreement badges' list); an empty list matches nothing. */
  ids: number[] | null;
  term: string;
  sendLower: string | null;
  sendUpper: string | null;
  statuses: number[];
  sortField: OrderSortField;
  descending: boolean;
  filterLocationFrom: string;
  filterLocationTo: string;
  filterReference: string;
}

/** Fetches one block of orders; the signal cancels it when a newer request replaces it. */
export async function getOrders(filter: OrdersFilter, offset: number, signal?: AbortSignal): Promise<OrdersResponse> {
  if (filter.ids && filter.ids.length === 0) return { items: [], total: 0 };
  const term = filter.term.trim();
  return api<OrdersResponse>('GET', filter.endpoint, {
    signal,
    query: {
      count: ORDERS_FETCH_COUNT,
      offset,
      withfees: false,
      term: term || undefined,
      source: term ? 'sqlorder' : undefined,
      mode: term ? 'prefix' : undefined,
      sendLower: filter.sendLower,
      sendUpper: filter.sendUpper,
      transactionStatus: filter.statuses.length ? filter.statuses : undefined,
      transactionType: filter.transactionTypes.length ? filter.transactionTypes : undefined,
      locationIdFrom: filter.locationIdFrom,
      locationIdTo: filter.locationIdTo,
      ids: filter.ids ?? undefined,
      'orderBy[0].field': filter.sortField,
      'orderBy[0].descending': filter.descending,
      filterLocationFrom: filter.filterLocationFrom.trim() || undefined,
      filterLocationTo: filter.filterLocationTo.trim() || undefined,
      filterReference: filter.filterReference.trim() || undefined,
      locationId: filter.locationId,
    },
  });
}

/** The key every orders list query starts with; mutations invalidate it. */
export const ordersListKey = ['orders', 'list'] as const;

/**
 * Query options of the grid: pages of 1000 by offset until `total` is reached. When the
 * filter changes, the old query loses its observer and TanStack Query aborts its request
 * through the signal (the previous in-flight request is cancelled, spec section 7).
 */
export function ordersQueryOptions(filter: OrdersFilter) {
  return infiniteQueryOptions({
    queryKey: [...ordersListKey, filter],
    queryFn: ({ pageParam, signal }) => getOrders(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
  });
}

/** The grid's orders; keeps showing the previous rows while a new filter loads. */
export function useOrders(filter: OrdersFilter) {
  return useInfiniteQuery({
    ...ordersQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
}
