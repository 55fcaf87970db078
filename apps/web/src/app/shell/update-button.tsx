/**
 * Version check (spec section 4): GET /version.json every 30 s; when version or build differ
 * from the loaded ones an "Update available" button reloads. Failures go to the console only.
 */
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkForUpdate, fetchVersion } from '../../lib/app-version';

export const VERSION_POLL_MS = 30_000;

/** The update button; nothing while the loaded version is the latest. */
export function UpdateButton() {
  const { t } = useTranslation('shell');
  const latest = useQuery({
    queryKey: ['version'],
    queryFn: ({ signal }) => fetchVersion(signal),
    refetchInterval: VERSION_POLL_MS,
    staleTime: VERSION_POLL_MS,
    retry: false,
    throwOnError: false,
  });
  if (latest.error) console.warn('Version check failed', latest.error);
  if (!latest.data || !checkForUpdate(latest.data)) return null;
  return (
    <Button size="compact-sm" color="brand" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
      {t('update.available')}
    </Button>
  );
}
