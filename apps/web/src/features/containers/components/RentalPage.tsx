/**
 * One rental (`/app/containers/rentals/{id}`; docs/containers.md, "Rentals"): its location,
 * period, status and who took each step; its containers with the days they were assigned and
 * returned, days held and the return checks (comment, photo); the container-days so far and,
 * for those who may see money, the day rent accrued. The steps the caller may take now:
 * provider staff "Assign containers" and "Close rental", the renter "Return containers", either
 * "Cancel rental" while nothing is assigned.
 */
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Rental, RentalContainer } from '@portal/domain';
import { IconArrowLeft, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError, buildUrl, tokenStore } from '../../../lib/api';
import { useFormat } from '../../../lib/format';
import { DisputeSourceButton } from '../../disputes/components/DisputeOrderButton';
import { useRental } from '../api/rentals';
import { useWide } from '../lib/use-wide';
import { AssignContainersDialog } from './AssignContainersDialog';
import { CloseRentalDialog } from './CloseRentalDialog';
import { Fact } from './Fact';
import { ReturnContainersDialog } from './ReturnContainersDialog';
import { ContainerStatusBadge, RentalStatusBadge } from './StatusBadges';

/** Opens a container's return photo in a new tab (the call needs the bearer token, so it is fetched first). */
async function openPhoto(rentalId: number, containerId: number) {
  const tab = window.open('', '_blank');
  const response = await fetch(buildUrl(`Rentals/${rentalId}/photo`, { containerId }), {
    headers: { authorization: `Bearer ${tokenStore.get() ?? ''}` },
  });
  if (!response.ok || !tab) {
    tab?.close();
    return;
  }
  tab.location.href = URL.createObjectURL(await response.blob());
}

/** A container's return check: its badge, comment and photo link. */
function ReturnCheck({ rental, container }: { rental: Rental; container: RentalContainer }) {
  const { t } = useTranslation('containers');
  if (!container.returnStatus) return <Text size="sm">{t('rental.out')}</Text>;
  return (
    <Stack gap={2}>
      <ContainerStatusBadge status={container.returnStatus} />
      {container.returnComment && <Text size="xs">{container.returnComment}</Text>}
      {container.hasPhoto && (
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() => void openPhoto(rental.id, container.containerId)}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconPhoto size={14} aria-hidden />
          {t('rental.photo', { serial: container.serialNumber })}
        </Anchor>
      )}
    </Stack>
  );
}

/** The rental's containers as a table or cards. */
function RentalContainers({ rental }: { rental: Rental }) {
  const { t } = useTranslation('containers');
  const format = useFormat();
  const wide = useWide();
  const day = (value: string | null) => (value ? format.plainDate(value, { dateStyle: 'medium' }) : '–');
  if (rental.containers.length === 0)
    return (
      <Text p="md" c="gray.7">
        {t('rental.noContainers')}
      </Text>
    );
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('rental.containers')}>
        {rental.containers.map((c) => (
          <Paper component="li" key={c.containerId} withBorder radius="sm" p="sm">
            <Anchor component={Link} to={`/app/containers/${c.containerId}`} fw={600} size="sm">
              {c.serialNumber}
            </Anchor>
            <Text size="xs" c="gray.7">
              {t('rental.assignedOn')}: {day(c.assignedOn)} · {t('rental.returnedOn')}: {day(c.returnedOn)} · {t('rental.days')}:{' '}
              {format.number(c.days)}
            </Text>
            <ReturnCheck rental={rental} container={c} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs">
        <caption className="visually-hidden">{t('rental.containers')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('containers.serial')}</Table.Th>
            <Table.Th>{t('rental.assignedOn')}</Table.Th>
            <Table.Th>{t('rental.returnedOn')}</Table.Th>
            <Table.Th ta="right">{t('rental.days')}</Table.Th>
            <Table.Th>{t('rental.check')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rental.containers.map((c) => (
            <Table.Tr key={c.containerId}>
              <Table.Td>
                <Anchor component={Link} to={`/app/containers/${c.containerId}`} fw={600} size="sm" display="block">
                  {c.serialNumber}
                </Anchor>
                {c.grai && (
                  <Text span size="xs" c="gray.7" ff="monospace">
                    {c.grai}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{day(c.assignedOn)}</Table.Td>
              <Table.Td>{day(c.returnedOn)}</Table.Td>
              <Table.Td ta="right">{format.number(c.days)}</Table.Td>
              <Table.Td>
                <ReturnCheck rental={rental} container={c} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The detail page; see the file comment. */
export function RentalPage() {
  const { t } = useTranslation('containers');
  const format = useFormat();
  const id = Number(useParams().id);
  const query = useRental(Number.isInteger(id) && id > 0 ? id : 0);
  const [dialog, setDialog] = useState<'assign' | 'return' | 'close' | null>(null);
  const back = (
    <Button
      component={Link}
      to="/app/containers/rentals"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} aria-hidden />}
      w="fit-content"
    >
      {t('rental.back')}
    </Button>
  );
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <Stack gap="md">
        {back}
        <Alert color={query.error instanceof ApiError && query.error.status === 404 ? 'gray' : 'red'} title={t('rental.notFound')}>
          {query.error.message}
        </Alert>
      </Stack>
    );
  const rental = query.data;
  const day = (value: string | null) => (value ? format.plainDate(value, { dateStyle: 'medium' }) : '–');
  const actor = (a: Rental['registered']) => (a ? `${a.name}, ${format.dateTime(a.at)}` : '–');
  return (
    <Stack gap="md">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="center">
          <Title order={1} size="h2">
            {t('rental.title', { id: rental.id })}
          </Title>
          <RentalStatusBadge status={rental.status} />
        </Group>
        <Group gap="sm">
          {rental.may.assign && <Button onClick={() => setDialog('assign')}>{t('assign.open')}</Button>}
          {rental.may.return && <Button onClick={() => setDialog('return')}>{t('return.open')}</Button>}
          {rental.may.close && <Button onClick={() => setDialog('close')}>{t('close.open')}</Button>}
          {rental.status !== 'Registered' && <DisputeSourceButton source={{ rentalId: rental.id }} label="fromRental" />}
          {rental.may.cancel && (
            <Button variant="outline" color="red.9" onClick={() => setDialog('close')}>
              {t('close.cancelOpen')}
            </Button>
          )}
        </Group>
      </Group>
      <Paper withBorder radius="sm" p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <Fact label={t('rentals.location')}>
            {rental.locationName}
            <Text span size="xs" c="gray.7" display="block">
              {rental.customerName}
            </Text>
          </Fact>
          <Fact label={t('containers.product')}>{rental.productName}</Fact>
          <Fact label={t('rentals.period')}>
            {day(rental.startDate)} – {rental.endDate ? day(rental.endDate) : t('rentals.openEnded')}
          </Fact>
          <Fact label={t('rentals.quantity')}>{format.number(rental.quantity)}</Fact>
          <Fact label={t('rental.assignedOut')}>{t('rental.assignedOutValue', { assigned: rental.assigned, out: rental.out })}</Fact>
          <Fact label={t('rental.depot')}>{rental.depotName ?? '–'}</Fact>
          <Fact label={t('rental.registered')}>{actor(rental.registered)}</Fact>
          {rental.containerOrderId !== null && (
            <Fact label={t('rental.containerOrder')}>
              <Anchor component={Link} to={`/app/containers/orders/${rental.containerOrderId}`}>
                {t('rental.containerOrderLink', { id: rental.containerOrderId })}
              </Anchor>
            </Fact>
          )}
          <Fact label={t('rental.opened')}>{actor(rental.opened)}</Fact>
          <Fact label={t('rental.closed')}>{actor(rental.closed)}</Fact>
          <Fact label={t('rental.containerDays')}>{format.number(rental.containerDays)}</Fact>
          {rental.rent && (
            <Fact label={t('rental.rent')}>
              {format.money(rental.rent.amount, rental.rent.currency)}
              <Text span size="xs" c="gray.7" display="block">
                {t('rental.dayRent', { price: format.money(rental.rent.dayRent, rental.rent.currency) })}
              </Text>
            </Fact>
          )}
        </SimpleGrid>
        {rental.comment && (
          <Text size="sm" mt="md" style={{ whiteSpace: 'pre-line' }}>
            <Text span fw={600}>
              {t('rental.comment')}:
            </Text>{' '}
            {rental.comment}
          </Text>
        )}
      </Paper>
      <Title order={2} size="h3">
        {t('rental.containers')}
      </Title>
      <Paper withBorder radius="sm">
        <RentalContainers rental={rental} />
      </Paper>
      <AssignContainersDialog rental={rental} opened={dialog === 'assign'} onClose={() => setDialog(null)} />
      <ReturnContainersDialog rental={rental} opened={dialog === 'return'} onClose={() => setDialog(null)} />
      <CloseRentalDialog rental={rental} opened={dialog === 'close'} onClose={() => setDialog(null)} />
    </Stack>
  );
}
