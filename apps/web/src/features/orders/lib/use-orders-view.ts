/**
 * The orders grid's search, filters and sort, kept in the address (?q=&status=&from=...) so
 * going back from an order restores the list the user left, and a list can be shared as a link.
 */
import { orderSortFields } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderSortField } from '../api/get-orders';

/** Wait after typing in the search or a column filter before it applies (spec section 9). */
export const SEARCH_WAIT_MS = 250;

/** What the user chose in the grid (typed text already debounced). */
export interface OrdersView {
  term: string;
  statuses: number[];
  sendLower: string | null;
  sendUpper: string | null;
  sortField: OrderSortField;
  descending: boolean;
  filterLocationFrom: string;
  filterLocationTo: string;
  filterReference: string;
  /** The list's status preset (null: its first). */
  preset: string | null;
  /** Only the orders behind the menu's disagreement badge. */
  disagreements: boolean;
}

const param: Record<keyof OrdersView, string> = {
  term: 'q',
  statuses: 'status',
  sendLower: 'from',
  sendUpper: 'to',
  sortField: 'sort',
  descending: 'desc',
  filterLocationFrom: 'fromName',
  filterLocationTo: 'toName',
  filterReference: 'ref',
  preset: 'view',
  disagreements: 'disagreements',
};

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** The grid view from the address, and a function that changes parts of it (replacing history). */
export function useOrdersView(): [OrdersView, (patch: Partial<OrdersView>) => void] {
  const [params, setParams] = useSearchParams();
  const view = useMemo<OrdersView>(() => {
    const sort = params.get(param.sortField);
    return {
      term: params.get(param.term) ?? '',
      statuses: (params.get(param.statuses) ?? '')
        .split(',')
        .filter((s) => /^\d+$/.test(s))
        .map(Number),
      sendLower: isDate(params.get(param.sendLower)),
      sendUpper: isDate(params.get(param.sendUpper)),
      sortField: (orderSortFields as readonly string[]).includes(sort ?? '') ? (sort as OrderSortField) : 'dateSend',
      descending: params.get(param.descending) !== '0',
      filterLocationFrom: params.get(param.filterLocationFrom) ?? '',
      filterLocationTo: params.get(param.filterLocationTo) ?? '',
      filterReference: params.get(param.filterReference) ?? '',
      preset: params.get(param.preset),
      disagreements: params.get(param.disagreements) === '1',
    };
  }, [params]);

  const update = useCallback(
    (patch: Partial<OrdersView>) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch) as [keyof OrdersView, OrdersView[keyof OrdersView]][]) {
            const text = Array.isArray(value) ? value.join(',') : typeof value === 'boolean' ? (value ? '1' : '0') : (value ?? '');
            if (
              text === '' ||
              (key === 'descending' && text === '1') ||
              (key === 'sortField' && text === 'dateSend') ||
              (key === 'disagreements' && text === '0')
            )
              next.delete(param[key]);
            else next.set(param[key], text);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [view, update];
}
