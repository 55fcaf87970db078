/**
 * My profile's details (issue 9; spec sections 4 and 5): name, phone and email (both required,
 * email typed as email) and language, saved with POST user; "Error saving" on failure, with the
 * server's field messages under the fields. A new language is stored, then the portal reloads
 * in it, as the shell's language picker does (spec section 4).
 */
import { Alert, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { Locale, UserProfile } from '@portal/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOCALE_STORAGE_KEY } from '../../../i18n';
import { ApiError } from '../../../lib/api';
import { isLocale, locales } from '../../../lib/domain-locale';
import { saveProfile } from '../api/accounts-api';

/** Loose email check for the form (the server checks strictly). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The details form of a loaded profile. */
export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation(['accounts', 'common', 'messages']);
  const queryClient = useQueryClient();
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: profile.name, phone: profile.phone ?? '', email: profile.email ?? '', language: profile.language as Locale },
    validate: {
      name: (value) => (value.trim() ? null : t('messages:validation.required')),
      phone: (value) => (value.trim() ? null : t('messages:validation.required')),
      email: (value) =>
        !value.trim() ? t('messages:validation.required') : EMAIL.test(value.trim()) ? null : t('messages:accounts.email'),
    },
  });
  const save = useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => {
      if (saved.language !== profile.language) {
        localStorage.setItem(LOCALE_STORAGE_KEY, saved.language);
        window.location.reload();
        return;
      }
      queryClient.setQueryData(['accounts', 'profile'], saved);
      void queryClient.invalidateQueries({ queryKey: ['session'] });
      form.resetDirty({ name: saved.name, phone: saved.phone ?? '', email: saved.email ?? '', language: saved.language });
      notifications.show({ color: 'green', message: t('profile.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError) form.setErrors(error.fields);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate({ userId: profile.id, ...values, name: values.name.trim() }))}
      aria-labelledby="profile-details-title"
    >
      <Stack gap="sm">
        <Text id="profile-details-title" fw={600} size="lg" component="h2">
          {t('profile.details')}
        </Text>
        {save.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
            {t('profile.saveError')}
          </Alert>
        )}
        <Group gap="xl">
          <div>
            <Text size="sm" c="dimmed">
              {t('profile.loginName')}
            </Text>
            <Text>{profile.loginName}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('profile.company')}
            </Text>
            <Text>{profile.customerName}</Text>
          </div>
        </Group>
        <TextInput label={t('profile.name')} autoComplete="name" required withAsterisk {...form.getInputProps('name')} />
        <TextInput label={t('profile.phone')} type="tel" autoComplete="tel" required withAsterisk {...form.getInputProps('phone')} />
        <TextInput label={t('profile.email')} type="email" autoComplete="email" required withAsterisk {...form.getInputProps('email')} />
        <NativeSelect
          label={t('profile.language')}
          description={form.values.language !== profile.language ? t('profile.languageReload') : undefined}
          data={locales.map((locale) => ({ value: locale, label: t(`common:language.${locale}`) }))}
          value={form.values.language}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLocale(value)) form.setFieldValue('language', value);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
