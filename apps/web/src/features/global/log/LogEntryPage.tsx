/**
 * One row of the log (`/app/global/log/:id`; docs/global.md): when and what, who (acting and
 * signed-in user, customer), request id and address; for an admin change the record before and
 * after side by side, changed fields first and marked, each named as its screen names it
 * (lib/field-labels.ts); the row's data. 404 as the server's
 * message for a row that is not there (or was deleted by retention).
 */
import { Alert, Anchor, Badge, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { LogDetail } from '@portal/domain';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useLogEntry } from '../api/log';
import { diffRecords, showValue } from '../lib/diff';
import { FIELD_LABEL_NAMESPACES, fieldLabel } from '../lib/field-labels';
import { logSummary } from '../lib/summary';
import { LevelBadge } from './LevelBadge';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="gray.7" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {value || '–'}
      </Text>
    </div>
  );
}

/** Before and after side by side: one line per field, changed ones first with a "changed" mark. */
function Changes({ entry }: { entry: LogDetail }) {
  const { t } = useTranslation(FIELD_LABEL_NAMESPACES);
  const fields = diffRecords(entry.before, entry.after);
  // The record the fields belong to: an admin change's entity, else the row's kind (publish, downtime, apiKey, switch).
  const record = typeof entry.data?.entity === 'string' ? entry.data.entity : entry.kind;
  const changed = fields.filter((f) => f.changed).length;
  return (
    <Paper withBorder radius="sm" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('log.entry.changes')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('log.entry.changedCount', { count: changed })}
        </Text>
        {fields.length > 0 && (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={4} layout="fixed">
              <caption className="visually-hidden">{t('log.entry.changes')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="24%">{t('log.entry.field')}</Table.Th>
                  <Table.Th>{t('log.entry.before')}</Table.Th>
                  <Table.Th>{t('log.entry.after')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((f) => (
                  <Table.Tr key={f.field} bg={f.changed ? 'yellow.0' : undefined}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text size="sm" title={f.field}>
                          {fieldLabel(t, f.field, record)}
                        </Text>
                        {f.changed && (
                          <Badge size="xs" color="dark" variant="filled">
                            {t('log.entry.changed')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" td={f.changed && entry.after ? 'line-through' : undefined}>
                        {showValue(f.before)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Text size="sm" fw={f.changed ? 600 : undefined}>
                        {showValue(f.after)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** The page; see the file comment. */
export function LogEntryPage() {
  const { t } = useTranslation(['log', 'caching']);
  const format = useFormat();
  const id = Number(useParams().id);
  const entry = useLogEntry(id);

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/app/global/log" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('log.entry.back')}
        </Group>
      </Anchor>
      {entry.isPending ? (
        <PageLoader />
      ) : entry.isError ? (
        <Alert color="red" title={t('log.entry.loadFailed')}>
          {entry.error.message}
        </Alert>
      ) : (
        <>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {t(`log.kinds.${entry.data.kind}`, { defaultValue: entry.data.kind })}
            </Title>
            <LevelBadge level={entry.data.level} />
          </Group>
          <Text>{logSummary(entry.data, t)}</Text>
          <Paper withBorder radius="sm" p="md">
            <SimpleGrid component="dl" m={0} cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Fact
                label={t('log.columns.time')}
                value={format.dateTime(entry.data.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}
              />
              <Fact
                label={t('log.entry.actingUser')}
                value={entry.data.userName ? `${entry.data.userName} (${entry.data.userLogin})` : entry.data.userLogin}
              />
              <Fact label={t('log.entry.loginUser')} value={entry.data.loginUserLogin} />
              <Fact label={t('log.columns.customer')} value={entry.data.customerName} />
              <Fact label={t('log.entry.requestId')} value={entry.data.requestId} />
              <Fact label={t('log.entry.ip')} value={entry.data.ip} />
              <Fact label={t('log.entry.message')} value={entry.data.message} />
            </SimpleGrid>
          </Paper>
          {entry.data.hasChange && <Changes entry={entry.data} />}
          {entry.data.data && (
            <Paper withBorder radius="sm" p="md">
              <Title order={2} size="h4" mb="xs">
                {t('log.entry.data')}
              </Title>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {JSON.stringify(entry.data.data, null, 2)}
              </Code>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
