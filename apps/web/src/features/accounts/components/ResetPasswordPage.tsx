/**
 * Reset password (`/reset-password?token=`, issue 9): the link is checked first (POST
 * PasswordLink) so an invalid or expired one says so at once ("The reset password link is
 * invalid or has expired", with a way to request a new one) and a welcome link asks to "Choose
 * your password"; then new and confirm ("Passwords are not equal"; under 7 characters "Error
 * updating password, it might be too short (min 7 characters)"), POST PasswordReset, and on
 * success a message and a link to sign in.
 */
import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api';
import { passwordLinkQuery, resetPassword } from '../api/accounts-api';

/** "Invalid or expired" with the way to a new link. */
function InvalidLink() {
  const { t } = useTranslation('accounts');
  return (
    <Stack>
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        {t('reset.invalid')}
      </Alert>
      <Anchor component={Link} to="/forgot-password">
        {t('reset.requestNew')}
      </Anchor>
    </Stack>
  );
}

/** The public reset-password page. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['accounts', 'messages']);
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useQuery({ ...passwordLinkQuery(token), enabled: token !== '' });
  const welcome = link.data?.purpose === 'welcome';
  const form = useForm({
    mode: 'controlled',
    initialValues: { newPassword: '', confirm: '' },
    validate: {
      newPassword: (value) => (value.length >= PASSWORD_MIN_LENGTH ? null : t('reset.tooShort')),
      confirm: (value, values) => (value === values.newPassword ? null : t('reset.notEqual')),
    },
  });
  const reset = useMutation({ mutationFn: resetPassword });
  const linkRefused = reset.error instanceof ApiError && !!reset.error.fields.token;

  let body: React.ReactNode;
  if (token === '' || link.isError || linkRefused) body = <InvalidLink />;
  else if (link.isPending)
    body = (
      <Center p="md">
        <Loader aria-label={t('reset.checking')} />
      </Center>
    );
  else if (reset.isSuccess)
    body = (
      <Stack>
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          {t('reset.done', { loginName: reset.data.loginName })}
        </Alert>
        <Button component={Link} to="/" w="fit-content">
          {t('reset.signIn')}
        </Button>
      </Stack>
    );
  else
    body = (
      <form noValidate onSubmit={form.onSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }))}>
        <Stack>
          <Text>{t(welcome ? 'reset.welcomeIntro' : 'reset.intro')}</Text>
          {reset.isError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {t('reset.tooShort')}
            </Alert>
          )}
          <PasswordInput
            label={t('reset.new')}
            autoComplete="new-password"
            required
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('reset.confirm')}
            autoComplete="new-password"
            required
            withAsterisk
            visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    );

  return (
    <Paper withBorder shadow="xs" p="lg" radius="md" maw={560} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          {t(welcome ? 'reset.welcomeTitle' : 'reset.title')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
