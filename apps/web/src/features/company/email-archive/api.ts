/**
 * The email archive (Company > Email archive; docs/company-external-archive.md): GET
 * EmailArchive a page at a time (newest first, with the total), GET EmailArchive/{id} for one
 * mail with its HTML, GET EmailArchiveFilters for the filters' choices. The server decides who
 * sees which mails (provider staff all; a customer admin the acting customer's; others 403).
 */
import type { EmailArchiveEntry, EmailArchiveFilters, EmailArchiveMail } from '@portal/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Mails fetched per page. */
export const ARCHIVE_PAGE_SIZE = 50;

/** The list's filters (the address's parameters); each left out means any. Dates yyyy-MM-dd, both ends inclusive. */
export interface ArchiveFilters {
  topic?: string;
  sent?: boolean;
  toCustomerId?: number;
  toUserId?: number;
  fromLocationId?: number;
  dateFrom?: string;
  dateTo?: string;
}

const archiveKey = ['emailArchive'] as const;

/** The mails matching `filters`, page by page; `fetchNextPage` loads the next 50. */
export function useEmailArchive(filters: ArchiveFilters) {
  return useInfiniteQuery({
    queryKey: [...archiveKey, 'list', filters],
    queryFn: ({ signal, pageParam }) =>
      api<{ items: EmailArchiveEntry[]; total: number }>('GET', 'EmailArchive', {
        signal,
        query: { ...filters, count: ARCHIVE_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** The filters' choices (topics, customers for provider staff, users, locations). */
export function useEmailArchiveFilters() {
  return useQuery({
    queryKey: [...archiveKey, 'filters'],
    queryFn: ({ signal }) => api<EmailArchiveFilters>('GET', 'EmailArchiveFilters', { signal }),
    staleTime: 60_000,
  });
}

/** One mail with its HTML (only asked while `id` is set). */
export function useEmailArchiveMail(id: number | null) {
  return useQuery({
    queryKey: [...archiveKey, 'mail', id],
    queryFn: ({ signal }) => api<EmailArchiveMail>('GET', `EmailArchive/${id}`, { signal }),
    enabled: id !== null,
  });
}
