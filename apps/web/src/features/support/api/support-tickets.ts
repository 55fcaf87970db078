/**
 * The support calls of the case screens (issue 10, "Support"; docs/support.md): GET SupportTickets
 * (filters, sort, count), GET SupportTickets/{id}, POST SupportTickets (open or change),
 * POST SupportTicketComments and POST SupportTicketAttachments (multipart). A change refreshes the
 * lists, the case, the badge and the bell.
 */
import type {
  Attachment,
  SaveSupportTicketRequest,
  SupportTicket,
  SupportTicketCommentRequest,
  SupportTicketList,
  SupportTicketsQuery,
} from '@portal/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, upload } from '../../../lib/api';

/** The key every support query starts with. */
export const supportKey = ['support'] as const;

/** Query options of the list with `filters`. */
export const supportTicketsQueryOptions = (filters: SupportTicketsQuery) =>
  queryOptions({
    queryKey: [...supportKey, 'tickets', filters],
    queryFn: ({ signal }) => api<SupportTicketList>('GET', 'SupportTickets', { signal, query: { ...filters } }),
  });

/** The cases matching `filters`. */
export function useSupportTickets(filters: SupportTicketsQuery) {
  return useQuery(supportTicketsQueryOptions(filters));
}

/** Query options of one case. */
export const supportTicketQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...supportKey, 'ticket', id],
    queryFn: ({ signal }) => api<SupportTicket>('GET', `SupportTickets/${id}`, { signal }),
  });

/** One case with its thread, history and files. */
export function useSupportTicket(id: number) {
  return useQuery(supportTicketQueryOptions(id));
}

/** Cases in status New (the provider's badge), asked only when `enabled`; polled with the bell's rhythm (30 s). */
export function useNewSupportTicketCount(enabled: boolean) {
  return useQuery({
    queryKey: [...supportKey, 'count'],
    queryFn: ({ signal }) => api<{ newCount: number }>('GET', 'SupportTicketCount', { signal }),
    select: (answer) => answer.newCount,
    refetchInterval: 30_000,
    staleTime: 30_000,
    enabled,
  });
}

function useRefreshAfter<V>(call: (value: V) => Promise<SupportTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (ticket) => queryClient.setQueryData(supportTicketQueryOptions(ticket.id).queryKey, ticket),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: supportKey }), queryClient.invalidateQueries({ queryKey: ['alerts'] })]),
  });
}

/** Opens a case, or changes one (`id`). */
export function useSaveSupportTicket() {
  return useRefreshAfter((request: SaveSupportTicketRequest) => api<SupportTicket>('POST', 'SupportTickets', { body: request }));
}

/** Adds a comment (internal: provider staff's note). */
export function useAddSupportComment() {
  return useRefreshAfter((request: SupportTicketCommentRequest) => api<SupportTicket>('POST', 'SupportTicketComments', { body: request }));
}

/** Uploads one file to a case (PDF, JPG, PNG or GIF, checked by content on the server). */
export function uploadTicketFile(ticketId: number, file: File): Promise<Attachment> {
  const form = new FormData();
  form.append('ticketId', String(ticketId));
  form.append('file', file, file.name);
  return upload<Attachment>('SupportTicketAttachments', form, { query: { ticketId } });
}

/** Uploads files to a case, then refreshes it. */
export function useUploadTicketFiles(ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (files: File[]) => {
      for (const file of files) await uploadTicketFile(ticketId, file);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportTicketQueryOptions(ticketId).queryKey }),
  });
}

/** Opens a stored file of a case in a new tab (fetched with the session's token). */
export async function openTicketFile(id: number): Promise<void> {
  const response = await api<Response>('GET', `SupportTicketAttachments/${id}`, { raw: true, query: { inline: true } });
  const url = URL.createObjectURL(await response.blob());
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The locations the caller may open a case for (its scope), and the products to name. */
export function useCaseLookups() {
  const locations = useQuery({
    queryKey: [...supportKey, 'locations'],
    queryFn: ({ signal }) => api<{ id: number; name: string; customerName: string }[]>('GET', 'BalanceLocations', { signal }),
    staleTime: 5 * 60_000,
  });
  const products = useQuery({
    queryKey: [...supportKey, 'products'],
    queryFn: ({ signal }) => api<{ id: number; name: string }[]>('GET', 'products', { signal, query: { all: true } }),
    staleTime: 5 * 60_000,
  });
  return { locations, products };
}
