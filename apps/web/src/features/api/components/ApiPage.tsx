/**
 * The API page (`/app/api`; issue 10, "Controls and API pages"; docs/api.md): how to connect
 * (the OpenAPI document, base address, bearer key, error envelope, language, limits), the
 * signed-in user's API keys, and example calls filled in with the user's own location and
 * products.
 */
import { Anchor, Code, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { ApiKeysCard } from './ApiKeysCard';
import { ExamplesCard } from './ExamplesCard';

const errorExample = `{
  "error": {
    "type": "VALIDATION",
    "message": "…",
    "httpDescription": "Bad Request",
    "fields": { "lines.0.quantityOrdered": "…" }
  },
  "info": { "userLogin": "…" }
}`;

/** The page; see the file comment. */
export function ApiPage() {
  const { t } = useTranslation('api');
  const base = `${window.location.origin}/api`;
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('intro')}
        </Text>
      </Stack>
      <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="api-connect">
        <Title order={2} size="h4" id="api-connect" mb="xs">
          {t('connect.title')}
        </Title>
        <List spacing="xs" size="sm">
          <List.Item>
            <Trans
              t={t}
              i18nKey="connect.docs"
              components={{ docs: <Anchor href="/api/docs" target="_blank" />, json: <Anchor href="/api/docs/json" target="_blank" /> }}
            />
          </List.Item>
          <List.Item>
            {t('connect.base')} <Code>{base}</Code>
          </List.Item>
          <List.Item>
            {t('connect.auth')} <Code>Authorization: Bearer ppk_…</Code>
          </List.Item>
          <List.Item>{t('connect.scope')}</List.Item>
          <List.Item>{t('connect.identity')}</List.Item>
          <List.Item>
            {t('connect.answers')} <Code>{'{ "data": … }'}</Code>
          </List.Item>
          <List.Item>{t('connect.errors')}</List.Item>
          <List.Item>{t('connect.language')}</List.Item>
          <List.Item>{t('connect.limits')}</List.Item>
        </List>
        <Text size="sm" fw={500} mt="sm">
          {t('connect.errorExample')}
        </Text>
        <Code block>{errorExample}</Code>
      </Paper>
      <ApiKeysCard />
      <ExamplesCard />
    </Stack>
  );
}
