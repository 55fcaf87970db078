/**
 * Change password in My profile (issue 9): old, new and confirm; a mismatch ("New passwords must
 * match") or a new password under 7 characters makes no call; POST userPassword with the old
 * password; a wrong old password shows "Password could not be changed". The server ends the
 * user's other sign-ins; this one stays.
 */
import { Alert, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PASSWORD_MIN_LENGTH } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { changeOwnPassword } from '../api/accounts-api';

/** The change-password form of the signed-in user `userId`. */
export function ChangePasswordForm({ userId }: { userId: number }) {
  const { t } = useTranslation(['accounts', 'messages']);
  const form = useForm({
    mode: 'controlled',
    initialValues: { oldPassword: '', newPassword: '', confirm: '' },
    validate: {
      oldPassword: (value) => (value ? null : t('messages:validation.required')),
      newPassword: (value) => (value.length >= PASSWORD_MIN_LENGTH ? null : t('password.tooShort')),
      confirm: (value, values) => (value === values.newPassword ? null : t('password.mismatch')),
    },
  });
  const change = useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: () => form.reset(),
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fields);
    },
  });
  const toggle = { 'aria-label': t('password.toggleVisibility') };

  return (
    <form
      noValidate
      aria-labelledby="change-password-title"
      onSubmit={form.onSubmit((values) => change.mutate({ userId, oldPassword: values.oldPassword, newPassword: values.newPassword }))}
    >
      <Stack gap="sm">
        <Text id="change-password-title" fw={600} size="lg" component="h2">
          {t('password.title')}
        </Text>
        {change.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('password.failed')}
          </Alert>
        )}
        {change.isSuccess && (
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('password.changed')}
          </Alert>
        )}
        <PasswordInput
          label={t('password.old')}
          autoComplete="current-password"
          required
          withAsterisk
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('oldPassword')}
        />
        <PasswordInput
          label={t('password.new')}
          autoComplete="new-password"
          required
          withAsterisk
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('password.confirm')}
          autoComplete="new-password"
          required
          withAsterisk
          visibilityToggleButtonProps={toggle}
          {...form.getInputProps('confirm')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
