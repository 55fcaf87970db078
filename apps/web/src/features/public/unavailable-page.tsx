/**
 * Public screens of the specification that this version does not offer (forgot-password,
 * reset-password, new-customer, visitors): the screen's title, a translated
 * notice and the way back to the login page.
 */
import { Anchor, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { NotAvailable } from '../../components/not-available';

/** Reads its title from the route's `handle.title`. */
export function UnavailablePage() {
  const { t } = useTranslation(['common', 'public']);
  const matches = useMatches();
  const titleKey = (matches.at(-1)?.handle as { title?: string } | undefined)?.title ?? 'titles.notAvailable';
  return (
    <Stack maw={640} mx="auto">
      <Title order={1} size="h2">
        {t(titleKey)}
      </Title>
      <NotAvailable />
      <Anchor component={Link} to="/">
        {t('public:backToLogin')}
      </Anchor>
    </Stack>
  );
}
