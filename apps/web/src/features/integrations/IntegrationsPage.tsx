/**
 * My company > Integrations (`/app/company/integrations`; issue 23, "Webhooks";
 * docs/integrations.md): the acting customer's webhook endpoints with their event types and
 * state, "New endpoint", change, a new secret (the old one signing beside it for a day), and each
 * endpoint's delivery log with "Send again". A secret is shown once. The server decides who may
 * (customer admins, provider staff); a refusal shows its message.
 */
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { WebhookEndpoint } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog/ConfirmDialog';
import { PageLoader } from '../../components/page-loader';
import { useFormat } from '../../lib/format';
import { useRotateWebhookSecret, useWebhookEndpoints } from './api';
import { DeliveryLog } from './DeliveryLog';
import { EndpointDialog } from './EndpointDialog';
import { SecretModal } from './SecretModal';

/** The page; see the file comment. */
export function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const format = useFormat();
  const endpoints = useWebhookEndpoints();
  const rotate = useRotateWebhookSecret();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [shownLog, setShownLog] = useState<number | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {t('add')}
        </Button>
      </Group>
      {endpoints.isPending ? (
        <PageLoader />
      ) : endpoints.isError ? (
        <Alert color="red">{endpoints.error.message}</Alert>
      ) : endpoints.data.length === 0 ? (
        <Paper withBorder p="md">
          <Text c="gray.7">{t('none')}</Text>
        </Paper>
      ) : (
        endpoints.data.map((endpoint) => (
          <Paper key={endpoint.id} withBorder p="md" component="section" aria-label={endpoint.url}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text fw={600} style={{ wordBreak: 'break-all' }}>
                  {endpoint.url}
                </Text>
                <Badge
                  color={endpoint.active ? 'green' : 'red'}
                  variant="light"
                  tt="none"
                  styles={{ label: { color: endpoint.active ? 'var(--portal-text-ok)' : 'var(--portal-text-danger)' } }}
                >
                  {endpoint.active ? t('state.active') : t(`state.${endpoint.pausedReason ?? 'manual'}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {t('eventsLabel')}: {endpoint.eventTypes.map((type) => t(`events.${type}`)).join(', ')}
              </Text>
              <Text size="sm" c="gray.7">
                {t('owner', { name: endpoint.ownerName, at: format.dateTime(endpoint.createdAt) })}
                {endpoint.previousSecretUntil && ` · ${t('overlap', { at: format.dateTime(endpoint.previousSecretUntil) })}`}
              </Text>
              <Group gap="sm">
                <Button size="sm" variant="default" onClick={() => setEditing(endpoint)}>
                  {t('edit')}
                </Button>
                <Button size="sm" variant="default" onClick={() => setRotating(endpoint)}>
                  {t('rotate')}
                </Button>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  aria-expanded={shownLog === endpoint.id}
                  onClick={() => setShownLog(shownLog === endpoint.id ? null : endpoint.id)}
                >
                  {shownLog === endpoint.id ? t('log.hide') : t('log.show')}
                </Anchor>
              </Group>
              {shownLog === endpoint.id && <DeliveryLog endpointId={endpoint.id} url={endpoint.url} />}
            </Stack>
          </Paper>
        ))
      )}
      <EndpointDialog
        opened={editing !== null}
        endpoint={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSecret={setSecret}
      />
      <ConfirmDialog
        opened={rotating !== null}
        title={t('rotateTitle')}
        confirmLabel={t('rotate')}
        loading={rotate.isPending}
        onClose={() => setRotating(null)}
        onConfirm={() =>
          rotating &&
          rotate.mutate(
            { id: rotating.id, overlapHours: 24 },
            {
              onSuccess: (answer) => {
                setRotating(null);
                setSecret(answer.secret);
              },
            },
          )
        }
      >
        {t('rotateQuestion')}
      </ConfirmDialog>
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}
