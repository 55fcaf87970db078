/**
 * The user's API keys (docs/api.md, "Keys"): make one with a name and a last day (today to
 * 365 days ahead), shown once with a copy button; the list with each key's start, dates and
 * state; revoke after a confirmation. Field messages come from the server's answer.
 */
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { API_KEY_MAX_DAYS, type ApiKey, type ApiKeyState, addPlainDays, type CreatedApiKey } from '@portal/domain';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

/** The state badges' colours, as the portal's other status badges (RequestStatusBadge): light, with readable text. */
const stateLook: Record<ApiKeyState, { color: string; text: string }> = {
  active: { color: 'green', text: 'var(--portal-text-ok)' },
  expired: { color: 'gray', text: 'var(--mantine-color-gray-8)' },
  revoked: { color: 'red', text: 'var(--portal-text-danger)' },
};
// A key's last day is a UTC day, as the server checks it (docs/api.md, "Keys"), not the location's.
const today = () => new Date().toISOString().slice(0, 10);

/** The card; see the file comment. */
export function ApiKeysCard() {
  const { t } = useTranslation('api');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="api-keys">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="api-keys">
            {t('keys.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('keys.intro', { days: API_KEY_MAX_DAYS })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('keys.passwordEnds')}
          </Text>
        </Stack>
        <CreateKeyForm onCreated={setCreated} />
        <KeysTable onRevoke={setRevoking} />
      </Stack>
      {created && <CreatedKeyModal created={created} onClose={() => setCreated(null)} />}
      {revoking && <RevokeModal apiKey={revoking} onClose={() => setRevoking(null)} />}
    </Paper>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('api');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState<string | null>(() => addPlainDays(today(), 90));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    setErrors({});
    try {
      const answer = await create.mutateAsync({ name: name.trim(), expiresAt: expiresAt ?? '' });
      setName('');
      onCreated(answer);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      notifyError(t('keys.createFailed'), fields.authorization ?? (error as Error).message);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          label={t('keys.name')}
          description={t('keys.nameHint')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          maxLength={100}
          required
          w={{ base: '100%', sm: 280 }}
        />
        <OpenDayDatePicker
          label={t('keys.expiresAt')}
          description={t('keys.expiresHint')}
          value={expiresAt}
          onChange={setExpiresAt}
          min={today()}
          max={addPlainDays(today(), API_KEY_MAX_DAYS)}
          allDaysOpen
          clearable={false}
          error={errors.expiresAt}
          required
          w={{ base: '100%', sm: 220 }}
        />
        <Button type="submit" loading={create.isPending} leftSection={<IconKey size={16} aria-hidden />} mt={{ base: 0, sm: 46 }}>
          {t('keys.create')}
        </Button>
      </Group>
    </form>
  );
}

function KeysTable({ onRevoke }: { onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('api');
  const format = useFormat();
  const keys = useApiKeys();
  if (keys.isPending) return <PageLoader />;
  if (keys.isError)
    return (
      <Alert color="red" title={t('keys.loadFailed')}>
        {keys.error.message}
      </Alert>
    );
  if (keys.data.length === 0) return <Text size="sm">{t('keys.none')}</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="xs" aria-labelledby="api-keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('keys.name')}</Table.Th>
            <Table.Th scope="col">{t('keys.prefix')}</Table.Th>
            <Table.Th scope="col">{t('keys.createdAt')}</Table.Th>
            <Table.Th scope="col">{t('keys.expiresAt')}</Table.Th>
            <Table.Th scope="col">{t('keys.lastUsedAt')}</Table.Th>
            <Table.Th scope="col">{t('keys.state')}</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>{t('keys.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.data.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>
                <code>{key.prefix}…</code>
              </Table.Td>
              <Table.Td>{format.dateTime(key.createdAt)}</Table.Td>
              <Table.Td>{format.plainDate(key.expiresAt)}</Table.Td>
              <Table.Td>{key.lastUsedAt ? format.dateTime(key.lastUsedAt) : t('keys.neverUsed')}</Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  color={stateLook[key.state].color}
                  radius="sm"
                  tt="none"
                  styles={{ label: { color: stateLook[key.state].text } }}
                >
                  {t(`keys.states.${key.state}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                {key.state === 'active' && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => onRevoke(key)}
                    aria-label={t('keys.revokeNamed', { name: key.name })}
                  >
                    {t('keys.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function CreatedKeyModal({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const { t } = useTranslation('api');
  return (
    <Modal opened onClose={onClose} title={t('created.title', { name: created.key.name })} size="lg">
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="status">
          <Text size="sm" fw={700}>
            {t('created.onceTitle')}
          </Text>
          <Text size="sm">{t('created.once')}</Text>
        </Alert>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('created.key')}
          </Text>
          <Code block data-testid="api-key-token" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {created.token}
          </Code>
        </Stack>
        <Group justify="space-between">
          <CopyButton value={created.token}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                onClick={copy}
              >
                {copied ? t('created.copied') : t('created.copy')}
              </Button>
            )}
          </CopyButton>
          <Button variant="default" onClick={onClose}>
            {t('created.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function RevokeModal({ apiKey, onClose }: { apiKey: ApiKey; onClose: () => void }) {
  const { t } = useTranslation('api');
  const revoke = useRevokeApiKey();
  const confirm = async () => {
    try {
      await revoke.mutateAsync(apiKey.id);
      notifySuccess(t('revoke.done', { name: apiKey.name }));
      onClose();
    } catch (error) {
      notifyError(t('revoke.failed'), (error as Error).message);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('revoke.title', { name: apiKey.name })}>
      <Stack gap="sm">
        <Text size="sm">{t('revoke.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('revoke.cancel')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => void confirm()}>
            {t('revoke.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
