/**
 * The application log (Global > Log; docs/global.md): GET Log a page at a time (newest first,
 * with the total) and GET Log/{id} for one row with its data, before and after. Global admins
 * only: the server answers 403 to anyone else.
 */
import type { LogDetail, LogEntry, LogKind } from '@portal/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { api } from '../../../lib/api';

/** Rows fetched per page. */
export const LOG_PAGE_SIZE = 50;

/** The list's filters (the address's parameters); each left out means any. Dates yyyy-MM-dd, local days, both inclusive. */
export interface LogFilters {
  from?: string;
  to?: string;
  user?: string;
  kind?: LogKind;
  text?: string;
}

const logKey = ['appLog'] as const;

/** The filters as GET Log takes them: local days become the instants of their start and end. */
function logQuery(filters: LogFilters) {
  return {
    from: filters.from ? dayjs(filters.from).startOf('day').toISOString() : undefined,
    to: filters.to ? dayjs(filters.to).endOf('day').toISOString() : undefined,
    user: filters.user,
    kind: filters.kind,
    text: filters.text,
  };
}

/** The rows matching `filters`, page by page; `fetchNextPage` loads the next 50. */
export function useLog(filters: LogFilters) {
  return useInfiniteQuery({
    queryKey: [...logKey, 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      api<{ items: LogEntry[]; total: number }>('GET', 'Log', {
        signal,
        query: { ...logQuery(filters), count: LOG_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** One row with its data, before and after. */
export function useLogEntry(id: number) {
  return useQuery({
    queryKey: [...logKey, 'entry', id],
    queryFn: ({ signal }) => api<LogDetail>('GET', `Log/${id}`, { signal }),
  });
}
