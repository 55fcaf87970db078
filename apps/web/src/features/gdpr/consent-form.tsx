/**
 * A consent screen of the public area: the terms as text, a checkbox, a confirm button that
 * posts the consent, and the way out (sign out). Used by /gdpr and /agreement.
 */
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { api, tokenStore } from '../../lib/api';
import { HOME_PATH, returnPathFrom } from '../../lib/return-path';

interface ConsentFormProps {
  title: string;
  paragraphs: string[];
  checkboxLabel: string;
  confirmLabel: string;
  /** Posts the consent; the session reloads afterwards. */
  confirm: () => Promise<unknown>;
  /**
   * Someone else gives this consent (the company's administrator accepts the agreement): the
   * notice takes the place of the checkbox and the confirm button; signing out stays.
   */
  notice?: { title: string; text: string };
}

/** The consent form; on success goes to `returnUrl` or home with a freshly loaded session. */
export function ConsentForm({ title, paragraphs, checkboxLabel, confirmLabel, confirm, notice }: ConsentFormProps) {
  const { t } = useTranslation('public');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const [checked, setChecked] = useState(false);
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({
    mutationFn: confirm,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['session'] });
      navigate(returnPathFrom(params) ?? HOME_PATH, { replace: true });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMissing(!checked);
    if (checked) mutation.mutate();
  };

  const signOut = async () => {
    const token = tokenStore.get();
    tokenStore.clear();
    await navigate('/', { replace: true });
    queryClient.clear();
    if (token) await api('POST', 'logout', { token }).catch(() => undefined);
  };

  return (
    <Paper withBorder shadow="xs" p="lg" radius="md" maw={720} mx="auto">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {title}
          </Title>
          {paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          {mutation.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {mutation.error.message || t('consent.failed')}
            </Alert>
          )}
          {notice ? (
            <Alert color="blue" variant="light" role="status" title={notice.title} icon={<IconInfoCircle aria-hidden />}>
              {notice.text}
            </Alert>
          ) : (
            <Checkbox
              label={checkboxLabel}
              checked={checked}
              required
              error={missing ? t('consent.required') : undefined}
              onChange={(event) => setChecked(event.currentTarget.checked)}
            />
          )}
          <Group>
            {!notice && (
              <Button type="submit" loading={mutation.isPending}>
                {confirmLabel}
              </Button>
            )}
            <Button variant={notice ? 'filled' : 'default'} onClick={() => void signOut()}>
              {t('consent.signOut')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
