/**
 * The login page (spec section 2, "Public area"): username and password; with a stored token
 * whose status still names a user, "already logged in" and on to the app after 2 s, except while
 * a downtime window is in force for anyone but a global admin: the app would answer 503 DOWNTIME
 * and send the tab back here, every 2 s for the whole window (issue 20); the page then says who
 * is signed in and stays, until GET Status (asked again every minute meanwhile) says the portal
 * is open. After
 * sign-in: the agreement page when the customer must accept the standard agreement, else the
 * `returnUrl`/`redirect` path, else home. Errors: the server's reason or 'Login failed'. A sign-in
 * still under way after 3 s says that it may wait its turn, a minute at most; the device mark of
 * the user name goes with it (public-api.ts, `login`).
 */
import { Alert, Anchor, Button, Grid, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { rememberLocale } from '../../i18n';
import { ApiError, tokenStore } from '../../lib/api';
import { HOME_PATH, returnPathFrom } from '../../lib/return-path';
import { downtimeInForce, login, pathAfterLogin, tokenStatusQuery } from './public-api';
import { WelcomeMessages } from './welcome-messages';

/** How long "already logged in" shows before the app opens (spec section 9). */
export const ALREADY_LOGGED_IN_DELAY_MS = 2_000;
/** After how long a sign-in still under way says why it may take a while. */
const SLOW_SIGN_IN_MS = 3_000;

/** The index route of the public area. */
export function LoginPage() {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const target = returnPathFrom(params) ?? HOME_PATH;
  const [token] = useState(() => tokenStore.get());
  const tokenStatus = useQuery({ ...tokenStatusQuery(token ?? ''), enabled: !!token });
  const alreadyIn = !!token && !!tokenStatus.data?.status;
  // The app is closed to this user now: stay on this page (the layout shows the closed text).
  const closed = alreadyIn && downtimeInForce(tokenStatus.data?.downtime) && !tokenStatus.data?.status?.loginUser.isGlobalAdmin;
  const [userLoginName, setUserLoginName] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ user: false, password: false });

  useEffect(() => {
    if (!alreadyIn || closed) return;
    const timer = setTimeout(() => navigate(target, { replace: true }), ALREADY_LOGGED_IN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [alreadyIn, closed, navigate, target]);

  useEffect(() => {
    if (token && tokenStatus.isSuccess && !tokenStatus.data?.status) tokenStore.clear();
  }, [token, tokenStatus.isSuccess, tokenStatus.data]);

  const signIn = useMutation({
    mutationFn: login,
    onSuccess: (response) => {
      tokenStore.set(response.token);
      rememberLocale(response.status.language);
      queryClient.removeQueries({ queryKey: ['session'] });
      navigate(pathAfterLogin(response, target), { replace: true });
    },
  });

  // A sign-in may wait its turn up to a minute while many are tried for the user name (docs/domain.md, "Sign-in").
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!signIn.isPending) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), SLOW_SIGN_IN_MS);
    return () => clearTimeout(timer);
  }, [signIn.isPending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { user: !userLoginName.trim(), password: !password };
    setMissing(next);
    if (next.user || next.password) return;
    signIn.mutate({ userLoginName: userLoginName.trim(), password });
  };

  if (token && tokenStatus.isPending) return <PageLoader />;
  if (alreadyIn) {
    return (
      <Alert
        color="brand"
        variant="light"
        icon={<IconCircleCheck aria-hidden />}
        title={t('login.alreadyTitle')}
        role="status"
        maw={560}
        mx="auto"
      >
        {t(closed ? 'login.alreadyClosed' : 'login.already', { name: tokenStatus.data?.status?.loginUser.name })}
      </Alert>
    );
  }

  const error = signIn.error;
  const errorText = error instanceof ApiError && error.status > 0 && error.message ? error.message : t('login.failed');
  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder shadow="xs" p="lg" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={1} size="h2">
                {t('login.title')}
              </Title>
              {signIn.isError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {errorText}
                </Alert>
              )}
              <TextInput
                label={t('login.username')}
                name="username"
                autoComplete="username"
                required
                withAsterisk
                value={userLoginName}
                error={missing.user ? t('messages:validation.required') : undefined}
                onChange={(event) => setUserLoginName(event.currentTarget.value)}
              />
              <PasswordInput
                label={t('login.password')}
                name="password"
                autoComplete="current-password"
                required
                withAsterisk
                value={password}
                error={missing.password ? t('messages:validation.required') : undefined}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={{ 'aria-label': t('login.toggleVisibility') }}
              />
              <Button type="submit" loading={signIn.isPending} fullWidth>
                {t('login.submit')}
              </Button>
              {slow && (
                <Text size="sm" role="status">
                  {t('login.slow')}
                </Text>
              )}
              <Group justify="space-between" gap="xs">
                <Anchor component={Link} to="/forgot-password" size="sm">
                  {t('login.forgotPassword')}
                </Anchor>
                <Anchor component={Link} to="/new-customer" size="sm">
                  {t('login.newCustomer')}
                </Anchor>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <WelcomeMessages />
      </Grid.Col>
    </Grid>
  );
}
