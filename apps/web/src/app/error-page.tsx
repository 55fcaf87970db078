/**
 * /error (spec section 4: "on errors go to the error page"): the reason the app could not
 * start, a way to try again and a way back to the login page.
 */
import { Alert, Anchor, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { HOME_PATH } from '../lib/return-path';

/** The error page; `location.state.message` carries the server's (translated) reason. */
export function ErrorPage() {
  const { t } = useTranslation();
  const state = useLocation().state as { message?: string } | null;
  return (
    <Container component="main" id="main-content" tabIndex={-1} size="sm" py="xl">
      <Stack>
        <Logo />
        <Title order={1} size="h2">
          {t('errors.unexpectedTitle')}
        </Title>
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {state?.message || t('errors.unexpected')}
        </Alert>
        <Group>
          <Button component={Link} to={HOME_PATH}>
            {t('actions.tryAgain')}
          </Button>
          <Anchor component={Link} to="/">
            {t('actions.toLogin')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
