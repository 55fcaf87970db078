/** GET Controls (issue 10; docs/api.md, "Controls"): the portal's health, for provider staff. */
import type { Controls } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The health figures, read again every minute while the page is open. */
export function useControls(enabled: boolean) {
  return useQuery({
    queryKey: ['controls'],
    queryFn: ({ signal }) => api<Controls>('GET', 'Controls', { signal }),
    enabled,
    refetchInterval: 60_000,
  });
}
