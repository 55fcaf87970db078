/**
 * Layout of the public area (spec section 2, "Public area"): logo of the host's theme and a
 * language picker; a spinner while GET Status runs; the service-unavailable message when it
 * answers no value or nothing within 10 s; the version label and status info in the footer; the
 * downtime text during a maintenance window and the old-page notice on an unknown host (docs/global.md).
 */
import { Alert, Anchor, Box, Container, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { changeLocale } from '../../i18n';
import { APP_VERSION } from '../../lib/app-version';
import { loadChunk } from '../../lib/chunk-load';
import { environmentForHost } from '../../lib/domain-locale';
import { providerSiteUrl } from '../../lib/provider-site';
import { publicStatusQuery } from './public-api';

// Shown only during a maintenance window or on an unknown host: chunks of their own, kept out of
// the login page's first load (docs/global.md).
const DowntimeNotice = lazy(() => loadChunk(() => import('../global/public/DowntimeNotice')).then((m) => ({ default: m.DowntimeNotice })));
const OldPageNotice = lazy(() => loadChunk(() => import('../global/public/DowntimeNotice')).then((m) => ({ default: m.OldPageNotice })));

function ServiceUnavailable() {
  const { t } = useTranslation('public');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconCloudOff aria-hidden />}
      title={t('unavailable.title')}
      role="alert"
      maw={640}
      mx="auto"
      mt="xl"
    >
      <Text size="sm">{t('unavailable.text')}</Text>
      <Anchor href={providerSiteUrl()} size="sm" mt="sm" display="inline-block">
        {t('unavailable.link')}
      </Anchor>
    </Alert>
  );
}

/** The layout route of `/` and the other public pages. */
export function PublicLayout() {
  const { t } = useTranslation('public');
  const status = useQuery(publicStatusQuery);
  const down = status.isError || (status.isSuccess && !status.data);
  const environment = environmentForHost(window.location.host);
  const serviceState = status.isPending ? 'checking' : down ? 'down' : 'up';

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        bg="white"
        style={{ borderTop: '4px solid var(--mantine-color-brand-6)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="wrap">
            <Logo height={44} />
            <LanguagePicker compact onChange={(locale) => void changeLocale(locale)} />
          </Group>
        </Container>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size="lg" py="xl" w="100%" style={{ flex: 1 }}>
        {status.isPending ? (
          <PageLoader />
        ) : down ? (
          <ServiceUnavailable />
        ) : status.data?.hostConfigured === false ? (
          // A host the portal has no configuration for (spec section 2; docs/global.md, "Hosts").
          <Suspense fallback={null}>
            <OldPageNotice portalUrl={status.data.portalUrl ?? '/'} />
          </Suspense>
        ) : (
          <Suspense fallback={<PageLoader />}>
            {/* A downtime window in force or planned (docs/global.md): the page stays, so global admins can sign in. */}
            {status.data?.downtime && (
              <Suspense fallback={null}>
                <DowntimeNotice startsAt={status.data.downtime.startsAt} endsAt={status.data.downtime.endsAt} />
              </Suspense>
            )}
            <Outlet />
          </Suspense>
        )}
      </Container>
      <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }} bg="white">
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('common:versionLabel', { version: APP_VERSION, build: status.data?.info.build ?? '–' })}
              {environment ? ` · ${t(`common:environment.${environment}`)}` : ''}
            </Text>
            <Text size="xs" c="dimmed" role="status">
              {t(`service.${serviceState}`)}
            </Text>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
