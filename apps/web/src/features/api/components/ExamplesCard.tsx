/**
 * Example calls (docs/api.md, "Examples"): find the products the location may order, place a
 * purchase order, read the balances, as curl commands filled in with the user's own location,
 * a product it may order and the next open day. The calls come from `exampleCalls` in
 * @portal/domain, which the API test runs as shown (apps/server/test/api-keys.test.ts).
 */
import { Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { canUseArea, curlCommand, exampleCalls } from '@portal/domain';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import { useExampleValues } from '../api/example-values';

/** The card; see the file comment. */
export function ExamplesCard() {
  const { t } = useTranslation('api');
  const values = useExampleValues();
  const { status } = useSession();
  // Placing purchases needs the Orders menu (the server answers 403 without it): no example then.
  const mayOrder = canUseArea(menuContextOf(status), 'orders');
  const calls = exampleCalls(values).filter((call) => mayOrder || call.id !== 'order');
  return (
    <Paper withBorder radius="sm" p="md" component="section" aria-labelledby="api-examples">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id="api-examples">
            {t('examples.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('examples.intro')}
          </Text>
          <Code block>export PORTAL_API_KEY=ppk_…</Code>
        </Stack>
        {!mayOrder && <Text size="sm">{t('examples.orderNotOffered')}</Text>}
        {calls.map((call) => {
          const command = curlCommand(values, call);
          return (
            <Stack gap={4} key={call.id}>
              <Stack gap={0}>
                <Title order={3} size="h5">
                  {t(`examples.${call.id}.title`)}
                </Title>
                <Text size="sm" c="gray.7">
                  {t(`examples.${call.id}.text`)}
                </Text>
              </Stack>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {command}
              </Code>
              <Group justify="flex-end">
                <CopyButton value={command}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      onClick={copy}
                      leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
                      aria-label={copied ? undefined : t('examples.copyNamed', { name: t(`examples.${call.id}.title`) })}
                    >
                      {copied ? t('created.copied') : t('created.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
