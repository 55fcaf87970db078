/**
 * Alerts of the bell (spec section 4: refreshed every 30 s; must-read alerts block the UI until
 * read, except on routes under messages, api or global, and only when the acting user is the
 * signed-in user). POST MessageRead marks one read.
 */
import type { Alert } from '@portal/domain';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { mustReadMessagesQuery } from '../../features/messages/api/get-must-read-messages';
import { api } from '../../lib/api';
import { queryClient } from '../query-client';

export const ALERT_POLL_MS = 30_000;

/** GET Alerts, newest first, every 30 s. */
export const alertsQuery = queryOptions({
  queryKey: ['alerts'],
  queryFn: ({ signal }) => api<Alert[]>('GET', 'Alerts', { signal }),
  refetchInterval: ALERT_POLL_MS,
  staleTime: ALERT_POLL_MS,
});

/** Unread alerts that must be read before going on. */
export function mustReadAlerts(alerts: readonly Alert[]): Alert[] {
  return alerts.filter((alert) => alert.data.mustRead && !alert.data.read);
}

/** Routes on which must-read alerts do not block (spec section 4). */
export function isMustReadExempt(pathname: string): boolean {
  return /^\/app\/(messages|api|global)(\/|$)/i.test(pathname);
}

/** Marks an alert read (POST MessageRead) and refreshes the list. */
export function useMarkAlertRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<boolean>('POST', 'MessageRead', { body: { id, read: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQuery.queryKey }),
  });
}

/**
 * Asks for the alerts and the must-read messages as soon as the session is there (the /app
 * loader), so the shell finds them on its way instead of asking in its effects after its first
 * render (docs/performance.md).
 */
export function prefetchShellQueries(): void {
  void queryClient.prefetchQuery(alertsQuery);
  void queryClient.prefetchQuery(mustReadMessagesQuery);
}
