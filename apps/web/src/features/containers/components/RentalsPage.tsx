/**
 * Container > Rentals (`/app/containers/rentals`; docs/containers.md, "Rentals"): the rentals of
 * the caller's locations (provider staff: all), newest start first, filtered by status and a day
 * the rental covers (kept in the address); "Register rental" for a location that rents (the
 * acting location has the container feature and is not a provider depot). A table on a wide
 * screen, one card per rental on a phone.
 */
import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { CONTAINERS_LIST_MAX, type RentalSummary, rentalStatuses } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useRentals } from '../api/rentals';
import { rentalFiltersFromParams, withParams } from '../lib/filters';
import { useWide } from '../lib/use-wide';
import { RegisterRentalDialog } from './RegisterRentalDialog';
import { RentalStatusBadge } from './StatusBadges';

/** The rental's link, named by its number. */
function RentalLink({ rental }: { rental: RentalSummary }) {
  const { t } = useTranslation('containers');
  return (
    <Anchor component={Link} to={`/app/containers/rentals/${rental.id}`} fw={600} size="sm">
      {t('rental.title', { id: rental.id })}
    </Anchor>
  );
}

/** The rentals as a table or as cards; `showsCustomer` adds the customer under the location. */
function RentalList({ list, showsCustomer }: { list: RentalSummary[]; showsCustomer: boolean }) {
  const { t } = useTranslation('containers');
  const format = useFormat();
  const wide = useWide();
  const period = (r: RentalSummary) =>
    `${format.plainDate(r.startDate, { dateStyle: 'medium' })} – ${r.endDate ? format.plainDate(r.endDate, { dateStyle: 'medium' }) : t('rentals.openEnded')}`;
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('rentals.caption')}>
        {list.map((rental) => (
          <Paper component="li" key={rental.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <RentalLink rental={rental} />
              <RentalStatusBadge status={rental.status} />
            </Group>
            <Text size="sm" mt={4}>
              {rental.locationName}
            </Text>
            <Text size="xs" c="gray.7">
              {period(rental)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('rentals.counts', { quantity: rental.quantity, assigned: rental.assigned, out: rental.out })}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('rentals.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('rentals.rental')}</Table.Th>
            <Table.Th>{t('rentals.location')}</Table.Th>
            <Table.Th>{t('rentals.status')}</Table.Th>
            <Table.Th>{t('rentals.period')}</Table.Th>
            <Table.Th>{t('containers.product')}</Table.Th>
            <Table.Th ta="right">{t('rentals.quantity')}</Table.Th>
            <Table.Th ta="right">{t('rentals.out')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((rental) => (
            <Table.Tr key={rental.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <RentalLink rental={rental} />
              </Table.Td>
              <Table.Td>
                <Text span size="sm" display="block">
                  {rental.locationName}
                </Text>
                {showsCustomer && (
                  <Text span size="xs" c="gray.7" display="block">
                    {rental.customerName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <RentalStatusBadge status={rental.status} />
              </Table.Td>
              <Table.Td>{period(rental)}</Table.Td>
              <Table.Td>{rental.productName}</Table.Td>
              <Table.Td ta="right">{format.number(rental.quantity)}</Table.Td>
              <Table.Td ta="right">{format.number(rental.out)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The list page; see the file comment. */
export function RentalsPage() {
  const { t } = useTranslation('containers');
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = rentalFiltersFromParams(params);
  const rentals = useRentals(filters);
  const [registering, setRegistering] = useState(false);
  const list = rentals.data ?? [];
  const showsCustomer = new Set(list.map((r) => r.customerName)).size > 1;
  const location = status.location;
  const mayRegister = !!location && location.isContainerActive && location.typeId !== 'NLP';
  const set = (changes: Record<string, string | null>) => setParams((current) => withParams(current, changes), { replace: true });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('rentals.title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('rentals.intro')}
          </Text>
        </Stack>
        {mayRegister && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setRegistering(true)}>
            {t('register.open')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
        <Select
          label={t('filters.status')}
          data={[
            { value: '', label: t('filters.allStatuses') },
            ...rentalStatuses.map((s) => ({ value: s, label: t(`rentalStatus.${s}`) })),
          ]}
          value={filters.status ?? ''}
          onChange={(value) => set({ status: value })}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
        />
        <OpenDayDatePicker
          label={t('filters.date')}
          value={filters.date ?? null}
          onChange={(date) => set({ date })}
          allDaysOpen
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        {(filters.status || filters.date) && (
          <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
            {t('filters.clear')}
          </Button>
        )}
      </Group>
      <Paper withBorder radius="sm">
        {rentals.isPending ? (
          <PageLoader />
        ) : rentals.isError ? (
          <Alert color="red" m="md" title={t('loadFailed')}>
            {rentals.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('rentals.none')}
          </Text>
        ) : (
          <RentalList list={list} showsCustomer={showsCustomer} />
        )}
      </Paper>
      {list.length >= CONTAINERS_LIST_MAX && (
        <Text size="sm" c="gray.7">
          {t('limit', { count: CONTAINERS_LIST_MAX })}
        </Text>
      )}
      {mayRegister && location && (
        <RegisterRentalDialog
          opened={registering}
          onClose={() => setRegistering(false)}
          locationId={location.id}
          locationName={location.name}
        />
      )}
    </Stack>
  );
}
