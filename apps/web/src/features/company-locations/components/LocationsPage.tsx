/**
 * Company > Locations (`/app/company/locations`; spec sections 2 and 3; docs/company-locations.md):
 * the acting customer's locations with the type filter (all, customer / vendor, retail /
 * wholesaler), each with number, type, status (active, blocked), post place and order count;
 * "New location" and a location's name open the location dialog. For the customer's admin and
 * global admins; anyone else sees the server's refusal.
 */
import { Alert, Anchor, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CompanyLocationRow, type Country, type LocationTypeFilter, locationTypeFilters } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../session/use-session';
import { useCompanyLocations } from '../api/locations';
import { LocationDialog } from './LocationDialog';

/** Status 1 active (green), 2 blocked (red), as a badge; the text colours keep 4.5:1. */
function StatusBadge({ statusId }: { statusId: number }) {
  const { t } = useTranslation('locations');
  const blocked = statusId === 2;
  return (
    <Badge
      color={blocked ? 'red' : 'green'}
      variant="light"
      radius="sm"
      tt="none"
      style={{ flexShrink: 0, overflow: 'visible' }}
      styles={{ label: { color: blocked ? 'var(--portal-text-danger)' : 'var(--portal-text-ok)' } }}
    >
      {t(`status.${blocked ? 2 : 1}`)}
    </Badge>
  );
}

/** The page; see the file comment. */
export function LocationsPage() {
  const { t } = useTranslation('locations');
  const format = useFormat();
  const { status } = useSession();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false }) ?? true;
  const [type, setType] = useState<LocationTypeFilter>('all');
  const [target, setTarget] = useState<number | 'new' | null>(null);
  const list = useCompanyLocations(type);
  const all = useCompanyLocations('all');
  const globalAdmin = status.loginUser.isGlobalAdmin || status.user.isGlobalAdmin;
  const rows = list.data ?? [];
  const open = (location: CompanyLocationRow) => (
    <Anchor component="button" type="button" fw={600} size="sm" ta="left" onClick={() => setTarget(location.id)}>
      {location.name}
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {t('intro', { customer: status.customer.name })}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setTarget('new')}>
          {t('new')}
        </Button>
      </Group>
      <SegmentedControl
        aria-label={t('filter.label')}
        value={type}
        onChange={(v) => setType(v as LocationTypeFilter)}
        data={locationTypeFilters.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
        fullWidth={!wide}
        orientation={wide ? 'horizontal' : 'vertical'}
        w={wide ? 'fit-content' : undefined}
      />
      <Paper withBorder radius="sm">
        {list.isPending ? (
          <PageLoader />
        ) : list.isError ? (
          <Alert color="red" m="md" title={t('loadFailed')}>
            {list.error.message}
          </Alert>
        ) : rows.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('none')}
          </Text>
        ) : wide ? (
          <Table striped highlightOnHover>
            <Table.Caption>{t('caption', { count: rows.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.name')}</Table.Th>
                <Table.Th>{t('fields.number')}</Table.Th>
                <Table.Th>{t('fields.type')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th>{t('columns.place')}</Table.Th>
                <Table.Th ta="right">{t('columns.orders')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{open(l)}</Table.Td>
                  <Table.Td>{l.number}</Table.Td>
                  <Table.Td>{t(`types.${l.typeId}`, { defaultValue: l.typeId })}</Table.Td>
                  <Table.Td>
                    <StatusBadge statusId={l.statusId} />
                  </Table.Td>
                  <Table.Td>
                    {l.postalCode} {l.postalName}
                  </Table.Td>
                  <Table.Td ta="right">{format.number(l.orderCount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('caption', { count: rows.length })}>
            {rows.map((l) => (
              <Paper component="li" key={l.id} withBorder radius="sm" p="sm">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  {open(l)}
                  <StatusBadge statusId={l.statusId} />
                </Group>
                <Text size="sm">
                  {l.number} · {t(`types.${l.typeId}`, { defaultValue: l.typeId })}
                </Text>
                <Text size="sm" c="gray.7">
                  {l.postalCode} {l.postalName} · {t('ordersCount', { count: l.orderCount })}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Paper>
      <LocationDialog
        target={target}
        onClose={() => setTarget(null)}
        locations={all.data ?? []}
        globalAdmin={globalAdmin}
        defaultCountry={(status.location?.countryId as Country | undefined) ?? null}
        onCreated={(id) => setTarget(id)}
      />
    </Stack>
  );
}
