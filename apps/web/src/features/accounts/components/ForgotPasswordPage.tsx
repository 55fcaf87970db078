/**
 * Forgot password (`/forgot-password`, issue 9): a user name or email; POST
 * PasswordResetRequest; the same confirmation whatever was typed (the server tells nobody
 * whether the account exists); "Error sending link" when the call fails; a link back to sign-in.
 */
import { Alert, Anchor, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requestPasswordReset } from '../api/accounts-api';

/** The public forgot-password page. */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['accounts', 'messages']);
  const form = useForm({
    mode: 'controlled',
    initialValues: { userLoginName: '' },
    validate: { userLoginName: (value) => (value.trim() ? null : t('messages:validation.required')) },
  });
  const send = useMutation({ mutationFn: requestPasswordReset });

  return (
    <Paper withBorder shadow="xs" p="lg" radius="md" maw={560} mx="auto">
      <Stack>
        <Title order={1} size="h2">
          {t('forgot.title')}
        </Title>
        {send.isSuccess ? (
          <Alert color="brand" variant="light" icon={<IconMailForward aria-hidden />} role="status">
            {t('forgot.sent')}
          </Alert>
        ) : (
          <form noValidate onSubmit={form.onSubmit((values) => send.mutate(values.userLoginName.trim()))}>
            <Stack>
              <Text>{t('forgot.intro')}</Text>
              {send.isError && (
                <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
                  {t('forgot.error')}
                </Alert>
              )}
              <TextInput
                label={t('forgot.field')}
                name="username"
                autoComplete="username"
                required
                withAsterisk
                {...form.getInputProps('userLoginName')}
              />
              <Button type="submit" loading={send.isPending} fullWidth>
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Anchor component={Link} to="/" size="sm">
          {t('forgot.backToLogin')}
        </Anchor>
      </Stack>
    </Paper>
  );
}
