/**
 * Global > Caching (`/app/global/caching`; issue 10; docs/caching.md): the caches of the server
 * process that answered (sessions, products, truck types, days, countries, mail texts) with
 * their entries, the age of the oldest entry, their lifetime, hits and misses; "Empty" per cache
 * and "Empty all", each confirmed by a toast. An empty reaches every server process. A table on
 * a wide screen, one card per cache on a phone.
 */
import { Alert, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CacheInfo, CacheName } from '@portal/domain';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { useFormat } from '../../../../lib/format';
import { useWide } from '../../../counting/lib/use-wide';
import { useEmptyCaches } from '../api/empty-caches';
import { useCaches } from '../api/get-caches';
import { formatDuration } from '../lib/duration';

/** The figures of one cache, as texts: size, age, lifetime, hits and misses. */
function useFigures() {
  const { t, i18n } = useTranslation('caching');
  const format = useFormat();
  return (cache: CacheInfo) => ({
    entries: format.number(cache.entries),
    age: cache.ageSeconds === null ? t('age.empty') : formatDuration(cache.ageSeconds, i18n.language),
    ttl:
      cache.ttlSeconds === null
        ? t('ttl.untilEmptied')
        : cache.ttlSeconds === 0
          ? t('ttl.off')
          : formatDuration(cache.ttlSeconds, i18n.language),
    hits: t('hitsMisses', { hits: format.number(cache.hits), misses: format.number(cache.misses) }),
  });
}

/** The "Empty" button of one cache, named with the cache for screen readers. */
function EmptyButton({ name, onEmpty, busy }: { name: CacheName; onEmpty: (name: CacheName) => void; busy: boolean }) {
  const { t } = useTranslation('caching');
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="red"
      leftSection={<IconTrash size={16} aria-hidden />}
      aria-label={t('emptyOne', { name: t(`names.${name}`) })}
      style={{ flex: 'none' }}
      loading={busy}
      onClick={() => onEmpty(name)}
    >
      {t('empty')}
    </Button>
  );
}

/** The page; see the file comment. */
export function CachingPage() {
  const { t } = useTranslation('caching');
  const caches = useCaches();
  const emptying = useEmptyCaches();
  const figures = useFigures();
  const wide = useWide();
  const busyWith = emptying.isPending ? (emptying.variables ?? 'all') : null;

  const empty = (name: CacheName | undefined) =>
    emptying.mutate(name, {
      onSuccess: () => notifications.show({ color: 'green', message: name ? t('emptied', { name: t(`names.${name}`) }) : t('emptiedAll') }),
      onError: (error) => notifications.show({ color: 'red', title: t('emptyFailed'), message: error.message }),
    });

  const list = caches.data ?? [];
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
        <Button color="red" leftSection={<IconTrash size={18} aria-hidden />} loading={busyWith === 'all'} onClick={() => empty(undefined)}>
          {t('emptyAll')}
        </Button>
      </Group>
      <Paper withBorder radius="sm">
        {caches.isPending ? (
          <PageLoader />
        ) : caches.isError ? (
          <Alert color="red" m="md" title={t('loadFailed')}>
            {caches.error.message}
          </Alert>
        ) : wide ? (
          <Table striped verticalSpacing="sm" horizontalSpacing="md">
            <Table.Caption>{t('caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('columns.name')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('columns.entries')}
                </Table.Th>
                <Table.Th scope="col">{t('columns.age')}</Table.Th>
                <Table.Th scope="col">{t('columns.ttl')}</Table.Th>
                <Table.Th scope="col">{t('columns.hits')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('columns.action')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((cache) => {
                const f = figures(cache);
                return (
                  <Table.Tr key={cache.name}>
                    <Table.Th scope="row" fw="normal">
                      <Text span display="block" size="sm" fw={600}>
                        {t(`names.${cache.name}`)}
                      </Text>
                      <Text span display="block" size="xs" c="gray.7">
                        {t(`descriptions.${cache.name}`)}
                      </Text>
                    </Table.Th>
                    <Table.Td ta="right">{f.entries}</Table.Td>
                    <Table.Td>{f.age}</Table.Td>
                    <Table.Td>{f.ttl}</Table.Td>
                    <Table.Td>{f.hits}</Table.Td>
                    <Table.Td ta="right">
                      <EmptyButton name={cache.name} onEmpty={empty} busy={busyWith === cache.name} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('caption')}>
            {list.map((cache) => {
              const f = figures(cache);
              return (
                <Paper component="li" key={cache.name} withBorder radius="sm" p="sm">
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <div>
                      <Text span display="block" size="sm" fw={600}>
                        {t(`names.${cache.name}`)}
                      </Text>
                      <Text span display="block" size="xs" c="gray.7">
                        {t(`descriptions.${cache.name}`)}
                      </Text>
                    </div>
                    <EmptyButton name={cache.name} onEmpty={empty} busy={busyWith === cache.name} />
                  </Group>
                  <Text size="sm" mt={6}>
                    {t('card.entries', { count: cache.entries, entries: f.entries })}
                    {cache.ageSeconds !== null && ` · ${t('card.age', { age: f.age })}`}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {t('card.ttl', { ttl: f.ttl })} · {f.hits}
                  </Text>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
