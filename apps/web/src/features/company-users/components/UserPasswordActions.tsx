/**
 * The password part of the user dialog (an existing user only): "Email reset link" and "Set
 * password" (new and confirmation, equal and at least 7 characters before any call: spec
 * section 5). Failures show the spec's texts ("Error sending link", "Password could not be
 * changed") with the server's reason.
 */
import { Button, Fieldset, Group, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { type CompanyUser, PASSWORD_MIN_LENGTH } from '@portal/domain';
import { IconKey, IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSendPasswordLink, useSetUserPassword } from '../api/user-password';

/** The password actions for `user`. */
export function UserPasswordActions({ user }: { user: CompanyUser }) {
  const { t } = useTranslation('companyUsers');
  const sendLink = useSendPasswordLink();
  const setPassword = useSetUserPassword();
  const [setting, setSetting] = useState(false);
  const [values, setValues] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  const send = async () => {
    try {
      await sendLink.mutateAsync(user.id);
      notifySuccess(t('password.linkSent', { email: user.email ?? '' }));
    } catch (error) {
      notifyError(t('password.linkFailed'), (error as Error).message);
    }
  };

  const save = async () => {
    const found: typeof errors = {};
    if (values.password.length < PASSWORD_MIN_LENGTH) found.password = t('password.tooShort', { n: PASSWORD_MIN_LENGTH });
    if (values.password !== values.confirm) found.confirm = t('password.notEqual');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await setPassword.mutateAsync({ userId: user.id, newPassword: values.password });
      notifySuccess(t('password.set'));
      setSetting(false);
      setValues({ password: '', confirm: '' });
    } catch (error) {
      notifyError(t('password.setFailed'), (error as Error).message);
    }
  };

  return (
    <Fieldset legend={t('password.title')}>
      <Stack gap="sm">
        <Text size="sm" c="gray.7">
          {t('password.hint')}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
            loading={sendLink.isPending}
            onClick={() => void send()}
            disabled={!user.email}
          >
            {t('password.sendLink')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconKey size={18} aria-hidden />}
            onClick={() => setSetting((open) => !open)}
            aria-expanded={setting}
          >
            {t('password.setButton')}
          </Button>
        </Group>
        {setting && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <PasswordInput
              label={t('password.new')}
              autoComplete="new-password"
              value={values.password}
              onChange={(e) => setValues({ ...values, password: e.currentTarget.value })}
              error={errors.password}
            />
            <PasswordInput
              label={t('password.confirm')}
              autoComplete="new-password"
              value={values.confirm}
              onChange={(e) => setValues({ ...values, confirm: e.currentTarget.value })}
              error={errors.confirm}
            />
            <Group>
              <Button loading={setPassword.isPending} onClick={() => void save()}>
                {t('password.save')}
              </Button>
            </Group>
          </SimpleGrid>
        )}
      </Stack>
    </Fieldset>
  );
}
