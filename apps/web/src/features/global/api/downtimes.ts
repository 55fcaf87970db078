/**
 * Downtime windows (Global > Maintenance; docs/global.md): GET Downtimes, POST Downtimes to
 * schedule one, POST DowntimeCancel to cancel one. Global admins only.
 */
import type { Downtime, DowntimeRequest } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

const downtimesKey = ['downtimes'] as const;

/** The windows, newest start first. */
export function useDowntimes() {
  return useQuery({
    queryKey: downtimesKey,
    queryFn: ({ signal }) => api<{ items: Downtime[] }>('GET', 'Downtimes', { signal }),
    select: (answer) => answer.items,
  });
}

/** Schedules a window; the list and the public status refresh. */
export function useScheduleDowntime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DowntimeRequest) => api<Downtime>('POST', 'Downtimes', { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: downtimesKey }),
  });
}

/** Cancels a window. */
export function useCancelDowntime() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Downtime>('POST', 'DowntimeCancel', { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: downtimesKey }),
  });
}
