/**
 * Container > Containers (`/app/containers`; docs/containers.md, "Containers"): the caller's
 * containers (at or rented by its locations; provider staff all) with their condition, where
 * they are and the rental they are out on, filtered by status and a search on the serial number
 * or GRAI (kept in the address). A table on a wide screen, one card per container on a phone.
 */
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { CONTAINERS_LIST_MAX, type ContainerSummary, containerStatuses } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { useContainers } from '../api/containers';
import { containerFiltersFromParams, withParams } from '../lib/filters';
import { useWide } from '../lib/use-wide';
import { ContainerStatusBadge } from './StatusBadges';

/** The container's link, named by its serial number, with its GRAI below when it has one. */
function ContainerName({ container }: { container: ContainerSummary }) {
  return (
    <>
      <Anchor component={Link} to={`/app/containers/${container.id}`} fw={600} size="sm" display="block">
        {container.serialNumber}
      </Anchor>
      {container.grai && (
        <Text span size="xs" c="gray.7" display="block" ff="monospace">
          {container.grai}
        </Text>
      )}
    </>
  );
}

/** Where the container is, and the rental it is out on. */
function Whereabouts({ container }: { container: ContainerSummary }) {
  const { t } = useTranslation('containers');
  return (
    <>
      <Text span size="sm" display="block">
        {container.locationName ?? '–'}
      </Text>
      {container.rentalId !== null && (
        <Anchor component={Link} to={`/app/containers/rentals/${container.rentalId}`} size="xs" display="block">
          {t('containers.onRental', { id: container.rentalId })}
        </Anchor>
      )}
    </>
  );
}

/** The containers as a table or as cards. */
function ContainerList({ list }: { list: ContainerSummary[] }) {
  const { t } = useTranslation('containers');
  const wide = useWide();
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('containers.caption')}>
        {list.map((container) => (
          <Paper component="li" key={container.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <div>
                <ContainerName container={container} />
              </div>
              <ContainerStatusBadge status={container.status} />
            </Group>
            <Text size="xs" c="gray.7" mt={4}>
              {container.productName}
            </Text>
            <Whereabouts container={container} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('containers.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('containers.serial')}</Table.Th>
            <Table.Th>{t('containers.product')}</Table.Th>
            <Table.Th>{t('containers.status')}</Table.Th>
            <Table.Th>{t('containers.location')}</Table.Th>
            <Table.Th>{t('containers.home')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((container) => (
            <Table.Tr key={container.id}>
              <Table.Td>
                <ContainerName container={container} />
              </Table.Td>
              <Table.Td>{container.productName}</Table.Td>
              <Table.Td>
                <ContainerStatusBadge status={container.status} />
              </Table.Td>
              <Table.Td>
                <Whereabouts container={container} />
              </Table.Td>
              <Table.Td>{container.homeLocationName ?? '–'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The list page; see the file comment. */
export function ContainersPage() {
  const { t } = useTranslation('containers');
  const [params, setParams] = useSearchParams();
  const filters = containerFiltersFromParams(params);
  const containers = useContainers(filters);
  const [term, setTerm] = useState(filters.term ?? '');
  // The search applies once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      if ((filters.term ?? '') !== term.trim()) setParams((current) => withParams(current, { term: term.trim() }), { replace: true });
    }, 300);
    return () => clearTimeout(timer);
  }, [term, filters.term, setParams]);
  const list = containers.data ?? [];
  const filtered = !!filters.status || !!filters.term;

  return (
    <Stack gap="md">
      <Stack gap={2} maw={760}>
        <Title order={1} size="h2">
          {t('containers.title')}
        </Title>
        <Text size="sm" c="gray.7">
          {t('containers.intro')}
        </Text>
      </Stack>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
        <TextInput
          label={t('filters.term')}
          value={term}
          onChange={(event) => setTerm(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={40}
          w={{ base: '100%', xs: 260 }}
        />
        <Select
          label={t('filters.status')}
          data={[
            { value: '', label: t('filters.allStatuses') },
            ...containerStatuses.map((status) => ({ value: status, label: t(`containerStatus.${status}`) })),
          ]}
          value={filters.status ?? ''}
          onChange={(status) => setParams((current) => withParams(current, { status }), { replace: true })}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              setTerm('');
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="sm">
        {containers.isPending ? (
          <PageLoader />
        ) : containers.isError ? (
          <Alert color="red" m="md" title={t('loadFailed')}>
            {containers.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('containers.none')}
          </Text>
        ) : (
          <ContainerList list={list} />
        )}
      </Paper>
      {list.length >= CONTAINERS_LIST_MAX && (
        <Text size="sm" c="gray.7">
          {t('limit', { count: CONTAINERS_LIST_MAX })}
        </Text>
      )}
    </Stack>
  );
}
