/**
 * One container (`/app/containers/{id}`; docs/containers.md, "Containers"): what it is (serial
 * number, GRAI, type), its condition and the note of its last check, where it is and where it
 * belongs, and its rentals with their return checks (a customer sees its own rentals only).
 */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { useContainer } from '../api/containers';
import { useWide } from '../lib/use-wide';
import { Fact } from './Fact';
import { ContainerStatusBadge, RentalStatusBadge } from './StatusBadges';

/** The detail page; see the file comment. */
export function ContainerPage() {
  const { t } = useTranslation('containers');
  const format = useFormat();
  const wide = useWide();
  const id = Number(useParams().id);
  const query = useContainer(Number.isInteger(id) && id > 0 ? id : 0);
  const back = (
    <Button component={Link} to="/app/containers" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} w="fit-content">
      {t('container.back')}
    </Button>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <Alert color={query.error instanceof ApiError && query.error.status === 404 ? 'gray' : 'red'} title={t('container.notFound')}>
          {query.error.message}
        </Alert>
      </Stack>
    );
  const container = query.data;
  const day = (value: string | null) => (value ? format.plainDate(value, { dateStyle: 'medium' }) : '–');
  return (
    <Stack gap="md">
      {back}
      <Group gap="sm" align="center">
        <Title order={1} size="h2">
          {t('container.title', { serial: container.serialNumber })}
        </Title>
        <ContainerStatusBadge status={container.status} />
      </Group>
      <Paper withBorder radius="sm" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Fact label={t('containers.serial')}>{container.serialNumber}</Fact>
          <Fact label={t('container.grai')}>{container.grai ?? t('container.noGrai')}</Fact>
          <Fact label={t('containers.product')}>{container.productName}</Fact>
          <Fact label={t('containers.location')}>{container.locationName ?? '–'}</Fact>
          <Fact label={t('containers.home')}>{container.homeLocationName ?? '–'}</Fact>
          <Fact label={t('container.rental')}>
            {container.rentalId === null ? (
              t('container.notOut')
            ) : (
              <Anchor component={Link} to={`/app/containers/rentals/${container.rentalId}`}>
                {t('rental.title', { id: container.rentalId })}
              </Anchor>
            )}
          </Fact>
        </SimpleGrid>
        {container.note && (
          <Alert mt="md" color="orange" variant="light" title={t('container.note')}>
            {container.note}
          </Alert>
        )}
      </Paper>
      <Title order={2} size="h3">
        {t('container.rentals')}
      </Title>
      <Paper withBorder radius="sm">
        {container.rentals.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('container.noRentals')}
          </Text>
        ) : wide ? (
          <Table.ScrollContainer minWidth={700}>
            <Table verticalSpacing="xs">
              <caption className="visually-hidden">{t('container.rentals')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('rentals.rental')}</Table.Th>
                  <Table.Th>{t('rentals.location')}</Table.Th>
                  <Table.Th>{t('rental.assignedOn')}</Table.Th>
                  <Table.Th>{t('rental.returnedOn')}</Table.Th>
                  <Table.Th>{t('rental.check')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {container.rentals.map((r) => (
                  <Table.Tr key={r.rentalId}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor component={Link} to={`/app/containers/rentals/${r.rentalId}`} fw={600} size="sm">
                          {t('rental.title', { id: r.rentalId })}
                        </Anchor>
                        <RentalStatusBadge status={r.status} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{r.locationName}</Table.Td>
                    <Table.Td>{day(r.assignedOn)}</Table.Td>
                    <Table.Td>{day(r.returnedOn)}</Table.Td>
                    <Table.Td>
                      {r.returnStatus ? <ContainerStatusBadge status={r.returnStatus} /> : '–'}
                      {r.returnComment && (
                        <Text size="xs" c="gray.7">
                          {r.returnComment}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('container.rentals')}>
            {container.rentals.map((r) => (
              <Paper component="li" key={r.rentalId} withBorder radius="sm" p="sm">
                <Group justify="space-between" gap="xs">
                  <Anchor component={Link} to={`/app/containers/rentals/${r.rentalId}`} fw={600} size="sm">
                    {t('rental.title', { id: r.rentalId })}
                  </Anchor>
                  <RentalStatusBadge status={r.status} />
                </Group>
                <Text size="sm">{r.locationName}</Text>
                <Text size="xs" c="gray.7">
                  {t('rental.assignedOn')}: {day(r.assignedOn)} · {t('rental.returnedOn')}: {day(r.returnedOn)}
                </Text>
                {r.returnStatus && (
                  <Group gap="xs" mt={4}>
                    <ContainerStatusBadge status={r.returnStatus} />
                    {r.returnComment && <Text size="xs">{r.returnComment}</Text>}
                  </Group>
                )}
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
