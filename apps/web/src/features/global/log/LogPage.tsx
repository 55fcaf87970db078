/**
 * Global > Log (`/app/global/log`; issue 10; docs/global.md): the application log, newest
 * first, filtered by time, user, kind and text (in the address); 50 rows at a time with "Show
 * more" and the count of matching rows; each row opens at `/app/global/log/:id`. Global admins
 * only (the server answers 403 to others, shown as its message). On a phone the rows are cards.
 */
import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { LogEntry } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useLog } from '../api/log';
import { logFiltersFromParams } from '../lib/log-filters';
import { logSummary } from '../lib/summary';
import { LevelBadge } from './LevelBadge';
import { LogFilterBar } from './LogFilterBar';

/** Who: the acting user, and the signed-in person when another. */
function who(entry: LogEntry): string {
  const acting = entry.userLogin ?? '–';
  return entry.loginUserLogin && entry.loginUserLogin !== entry.userLogin ? `${entry.loginUserLogin} → ${acting}` : acting;
}

function LogList({ list }: { list: LogEntry[] }) {
  const { t } = useTranslation(['log', 'caching']);
  const format = useFormat();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const time = (entry: LogEntry) => format.dateTime(entry.createdAt, { dateStyle: 'short', timeStyle: 'medium' });
  const open = (entry: LogEntry) => (
    <Anchor component={Link} to={`/app/global/log/${entry.id}`} fw={600} size="sm">
      {t(`log.kinds.${entry.kind}`, { defaultValue: entry.kind })}
    </Anchor>
  );
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('log.caption')}>
        {list.map((entry) => (
          <Paper component="li" key={entry.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              {open(entry)}
              <LevelBadge level={entry.level} />
            </Group>
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {logSummary(entry, t)}
            </Text>
            <Text size="xs" c="gray.7">
              {time(entry)} · {who(entry)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('log.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('log.columns.time')}</Table.Th>
            <Table.Th>{t('log.columns.kind')}</Table.Th>
            <Table.Th>{t('log.columns.level')}</Table.Th>
            <Table.Th>{t('log.columns.what')}</Table.Th>
            <Table.Th>{t('log.columns.user')}</Table.Th>
            <Table.Th>{t('log.columns.customer')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{time(entry)}</Table.Td>
              <Table.Td>{open(entry)}</Table.Td>
              <Table.Td>
                <LevelBadge level={entry.level} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{logSummary(entry, t)}</Table.Td>
              <Table.Td>{who(entry)}</Table.Td>
              <Table.Td>{entry.customerName ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The page; see the file comment. */
export function LogPage() {
  const { t } = useTranslation(['log', 'caching']);
  const [params, setParams] = useSearchParams();
  const filters = logFiltersFromParams(params);
  const log = useLog(filters);
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  const total = log.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md">
      <Stack gap={2} maw={760}>
        <Title order={1} size="h2">
          {t('log.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('log.intro')}
        </Text>
      </Stack>
      {!log.isError && <LogFilterBar filters={filters} setParams={setParams} />}
      <Paper withBorder radius="sm">
        {log.isPending ? (
          <PageLoader />
        ) : log.isError ? (
          <Alert color="red" m="md" title={t('log.loadFailed')}>
            {log.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('log.none')}
          </Text>
        ) : (
          <LogList list={rows} />
        )}
      </Paper>
      {!log.isPending && !log.isError && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.7" aria-live="polite">
            {t('log.count', { count: total, shown: rows.length })}
          </Text>
          {log.hasNextPage && (
            <Button variant="light" onClick={() => void log.fetchNextPage()} loading={log.isFetchingNextPage}>
              {t('log.more')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
