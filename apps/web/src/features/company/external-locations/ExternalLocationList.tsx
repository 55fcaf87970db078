/**
 * The external locations of the page: a table on a wide screen (name, location number, GLN,
 * contact, address with country, active or not, edit and delete), one card per location on a
 * phone. The buttons name the location they act on for screen readers.
 */
import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { ExternalLocation } from '@portal/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWide } from '../../counting/lib/use-wide';
import { countryName } from '../../orders/components/order-form/TempAddressFields';

interface ListProps {
  list: readonly ExternalLocation[];
  onEdit: (location: ExternalLocation) => void;
  onDelete: (location: ExternalLocation) => void;
}

/** Street, postal code and place, and country, as one line. */
function useAddress() {
  const { i18n } = useTranslation();
  return (l: ExternalLocation) =>
    [l.street, [l.postalCode, l.postalName].filter(Boolean).join(' '), countryName(l.countryId, i18n.language)].filter(Boolean).join(', ');
}

function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('externalLocations');
  return (
    <Badge
      variant="light"
      color={active ? 'green' : 'gray'}
      radius="sm"
      tt="none"
      flex="none"
      miw="max-content"
      styles={{ label: { color: active ? 'var(--portal-text-ok)' : 'var(--mantine-color-gray-8)' } }}
    >
      {active ? t('list.active') : t('list.inactive')}
    </Badge>
  );
}

function Actions({ location, onEdit, onDelete }: { location: ExternalLocation } & Omit<ListProps, 'list'>) {
  const { t } = useTranslation('externalLocations');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('list.edit')}>
        <ActionIcon variant="subtle" size="lg" aria-label={t('list.editNamed', { name: location.name })} onClick={() => onEdit(location)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('list.delete')}>
        <ActionIcon
          variant="subtle"
          color="red.8"
          size="lg"
          aria-label={t('list.deleteNamed', { name: location.name })}
          onClick={() => onDelete(location)}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The list as a table or as cards. */
export function ExternalLocationList({ list, onEdit, onDelete }: ListProps) {
  const { t } = useTranslation('externalLocations');
  const wide = useWide();
  const address = useAddress();
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
        {list.map((l) => (
          <Paper component="li" key={l.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {l.name}
                </Text>
                <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {t('fields.locationNumber')}: {l.locationNumber}
                  {l.gln ? ` · ${t('fields.gln')}: ${l.gln}` : ''}
                </Text>
              </Stack>
              <ActiveBadge active={l.active} />
            </Group>
            {l.contactName && (
              <Text size="sm" mt={4}>
                {l.contactName}
              </Text>
            )}
            <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {address(l)}
            </Text>
            <Actions location={l} onEdit={onEdit} onDelete={onDelete} />
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.name')}</Table.Th>
            <Table.Th>{t('fields.locationNumber')}</Table.Th>
            <Table.Th>{t('fields.gln')}</Table.Th>
            <Table.Th>{t('fields.contactName')}</Table.Th>
            <Table.Th>{t('list.address')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            <Table.Th>
              <span className="visually-hidden">{t('list.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td fw={600}>{l.name}</Table.Td>
              <Table.Td>{l.locationNumber}</Table.Td>
              <Table.Td>{l.gln ?? ''}</Table.Td>
              <Table.Td>{l.contactName ?? ''}</Table.Td>
              <Table.Td>{address(l)}</Table.Td>
              <Table.Td>
                <ActiveBadge active={l.active} />
              </Table.Td>
              <Table.Td>
                <Actions location={l} onEdit={onEdit} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
