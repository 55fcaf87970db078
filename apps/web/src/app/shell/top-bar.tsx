/**
 * The top bar (spec section 2 "Shell"): logo of the theme, app version and build, environment
 * label, the customer's own logo when it has one, customer, location and user names ("acting as" when switched), links to the sister
 * companies' portals (signed in where the person has an account), update button, language picker and sign-out.
 */
import { Anchor, Badge, Button, Container, Group, Stack, Text } from '@mantine/core';
import { environmentForHost } from '@portal/domain';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Logo, useBrandName } from '../../components/logo';
import { CustomerLogo } from '../../features/company-users/components/CustomerLogo';
import { handoverUrl, logout } from '../../features/session/session-api';
import { useSession } from '../../features/session/use-session';
import { tokenStore } from '../../lib/api';
import { APP_VERSION } from '../../lib/app-version';
import { regionName } from '../../lib/format';
import { ShellLanguagePicker } from './shell-language';
import { UpdateButton } from './update-button';

/**
 * The sister portals (issue 11): a plain link to each; where the signed-in person has an account,
 * a click asks for a one-time hand-over token and opens `${url}/app?auth=<token>` in this tab
 * (docs/domain.md, "Sister portals"). A failed token request still opens the portal's front page.
 */
function InterCompanyLinks() {
  const { t, i18n } = useTranslation('shell');
  const { interCompany } = useSession();
  if (interCompany.length === 0) return null;
  const open = (event: MouseEvent<HTMLAnchorElement>, url: string) => {
    // A new tab or window (modifier keys, middle click) gets the plain link.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    handoverUrl(url).then(
      (target) => window.location.assign(target),
      () => window.location.assign(url),
    );
  };
  return (
    <Group component="ul" gap={8} aria-label={t('interCompany.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {interCompany.map((link) => (
        <li key={link.url}>
          <Anchor
            href={link.url}
            size="xs"
            title={link.hasAccount ? t('interCompany.signedIn') : undefined}
            onClick={link.hasAccount ? (event) => open(event, link.url) : undefined}
            data-handover={link.hasAccount ? 'true' : undefined}
          >
            {/* The Nordic countries of spec section 9 from the texts: a first Intl.DisplayNames costs
                the shell's first render more than the rest of the top bar (docs/performance.md). */}
            {t(`interCompany.countries.${link.companyCountry.toUpperCase()}`, { defaultValue: '' }) ||
              regionName(link.companyCountry, i18n.language)}
          </Anchor>
        </li>
      ))}
    </Group>
  );
}

/** The first row of the shell's header. */
export function TopBar() {
  const { t } = useTranslation('shell');
  const { status, actingAsOther } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const environment = environmentForHost(window.location.host);
  const brand = useBrandName();

  // The token is dropped first, so polls that answer 401 meanwhile do not send the user to
  // sign in again with a returnUrl.
  const signOut = async () => {
    const token = tokenStore.get();
    tokenStore.clear();
    await queryClient.cancelQueries();
    await navigate('/', { replace: true });
    queryClient.clear();
    if (token) await logout(token).catch(() => undefined);
  };

  return (
    <Container size="xl" py={8}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap">
          {/* The link's name starts with the logo's visible text (WCAG 2.5.3, label in name). */}
          <Anchor component={Link} to="/app/home" aria-label={t('homeLink', { brand })}>
            <Logo height={36} />
          </Anchor>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('common:versionLabel', { version: APP_VERSION, build: status.info.build })}
            </Text>
            {environment && (
              <Badge size="xs" color="red" variant="filled" w="fit-content">
                {t(`common:environment.${environment}`)}
              </Badge>
            )}
          </Stack>
        </Group>
        <Group gap="md" wrap="wrap" justify="flex-end">
          {/* Divs, not paragraphs: a bold line over a small one is no heading (axe p-as-heading). */}
          <Stack gap={0} ta="right" align="flex-end">
            {/* The customer's own logo above its name, fetched only when it has one (alt empty: the name says it). */}
            <CustomerLogo version={status.customer.logoVersion} alt="" height={24} maxWidth={120} />
            <Text component="div" size="sm" fw={700}>
              {status.customer.name}
            </Text>
            <Text component="div" size="xs">
              {status.location?.name ?? t('noLocation')}
              {' · '}
              {actingAsOther ? t('actingAs', { loginUser: status.loginUser.name, user: status.user.name }) : status.user.name}
            </Text>
          </Stack>
          <InterCompanyLinks />
          <UpdateButton />
          <ShellLanguagePicker />
          <Button variant="default" size="compact-sm" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void signOut()}>
            {t('logout')}
          </Button>
        </Group>
      </Group>
    </Container>
  );
}
