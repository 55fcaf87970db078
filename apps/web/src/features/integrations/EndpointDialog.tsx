/**
 * Register or change a webhook endpoint: its https address, the event types it wants, active or
 * paused. A new endpoint's secret is handed to `onSecret` (shown once); the server's field
 * messages (translated) land on their fields.
 */
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { type IntegrationEventType, integrationEventTypes, type WebhookEndpoint } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { useSaveWebhookEndpoint } from './api';

interface Props {
  opened: boolean;
  /** The endpoint to change; null registers a new one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}

/** The dialog; see the file comment. */
export function EndpointDialog({ opened, endpoint, onClose, onSecret }: Props) {
  const { t } = useTranslation('integrations');
  const save = useSaveWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [types, setTypes] = useState<IntegrationEventType[]>([...integrationEventTypes]);
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (!opened) return;
    setUrl(endpoint?.url ?? '');
    setTypes(endpoint ? [...endpoint.eventTypes] : [...integrationEventTypes]);
    setActive(endpoint?.active ?? true);
    setErrors({});
    setIdempotencyKey(crypto.randomUUID());
  }, [opened, endpoint]);

  const submit = async () => {
    try {
      const saved = await save.mutateAsync({
        ...(endpoint ? { id: endpoint.id, version: endpoint.version } : { idempotencyKey }),
        url: url.trim(),
        eventTypes: types,
        active,
      });
      onClose();
      if (saved.secret) onSecret(saved.secret);
    } catch (error) {
      setErrors(
        error instanceof ApiError
          ? { ...error.fields, ...(Object.keys(error.fields).length ? {} : { url: error.message }) }
          : { url: String(error) },
      );
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t('dialog.editTitle') : t('dialog.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.url')}
            description={t('fields.urlHint')}
            placeholder="https://erp.example.no/hooks/pallets"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
            required
            maxLength={2000}
            data-autofocus
          />
          <Checkbox.Group
            label={t('fields.eventTypes')}
            value={types}
            onChange={(value) => setTypes(value as IntegrationEventType[])}
            error={errors.eventTypes}
            withAsterisk
          >
            <Stack gap="xs" mt="xs">
              {integrationEventTypes.map((type) => (
                <Checkbox key={type} value={type} label={t(`events.${type}`)} description={type} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label={t('fields.active')} checked={active} onChange={(event) => setActive(event.currentTarget.checked)} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('dialog.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
