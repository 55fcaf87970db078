/**
 * Areas of the /app menu that this version of the portal does not offer yet (reports, support,
 * messages, company, ...): the area's name and a translated notice, inside the shell.
 */
import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotAvailable } from '../../components/not-available';
import { useSession } from '../../features/session/use-session';
import { useMenu } from './use-menu';

/** A page not built yet: its translated name as the heading, and the notice. */
export function UnavailablePage({ title }: { title: string }) {
  return (
    <Stack maw={720}>
      <Title order={1} size="h2">
        {title}
      </Title>
      <NotAvailable />
    </Stack>
  );
}

/** The catch-all route under /app. */
export function AreaUnavailable() {
  const { t } = useTranslation(['shell', 'common']);
  const { status } = useSession();
  const { item, child } = useMenu(status);
  const labelKey = child?.labelKey ?? item?.labelKey;
  return <UnavailablePage title={labelKey ? t(labelKey) : t('common:titles.notAvailable')} />;
}
