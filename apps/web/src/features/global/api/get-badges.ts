/**
 * GET Badges (provider staff; docs/global.md, "Badges"): new support cases and new customer
 * requests, polled with the disagreement badges (every 30 s) while the shell is open.
 */
import type { Badges } from '@portal/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DISAGREEMENT_POLL_MS } from '../../orders/lib/disagreements';

/** The counts; asked only when `enabled` (provider staff: customers always get zeros). */
export const badgesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: ['badges'],
    queryFn: ({ signal }) => api<Badges>('GET', 'Badges', { signal }),
    refetchInterval: DISAGREEMENT_POLL_MS,
    staleTime: DISAGREEMENT_POLL_MS,
    enabled,
  });
