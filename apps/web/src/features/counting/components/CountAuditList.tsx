/**
 * The counts of the list page: a table on a wide screen (date, location, status, products,
 * products with a difference, registered and decided by whom and when), one card per count on
 * a phone. The count date links to the count.
 */
import { Anchor, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { CountAuditSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useWide } from '../lib/use-wide';
import { CountAuditStatusBadge } from './CountAuditStatusBadge';

/** Who did it and when, on two lines. */
function Actor({ actor }: { actor: CountAuditSummary['registered'] | null }) {
  const format = useFormat();
  if (!actor) return <span aria-hidden>–</span>;
  return (
    <>
      <Text span size="sm" display="block">
        {actor.name}
      </Text>
      <Text span size="xs" c="gray.7" display="block">
        {format.dateTime(actor.at)}
      </Text>
    </>
  );
}

/** The link to a count, named by its date. */
function DateLink({ audit }: { audit: CountAuditSummary }) {
  const format = useFormat();
  return (
    <Anchor component={Link} to={`/app/company/audit/${audit.id}`} fw={600} size="sm">
      {format.plainDate(audit.date, { dateStyle: 'medium' })}
    </Anchor>
  );
}

/** The counts as a table or as cards; `showsCustomer` adds the customer under the location. */
export function CountAuditList({ list, showsCustomer }: { list: CountAuditSummary[]; showsCustomer: boolean }) {
  const { t } = useTranslation('counting');
  const format = useFormat();
  const wide = useWide();
  if (!wide)
    return (
      <Stack gap="xs" component="ul" m={0} p="xs" style={{ listStyle: 'none' }} aria-label={t('list.caption')}>
        {list.map((audit) => (
          <Paper component="li" key={audit.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <DateLink audit={audit} />
              <CountAuditStatusBadge status={audit.status} />
            </Group>
            <Text size="sm" mt={4}>
              {audit.locationName}
            </Text>
            {showsCustomer && (
              <Text size="xs" c="gray.7">
                {audit.customerName}
              </Text>
            )}
            <Text size="xs" c="gray.7" mt={4}>
              {t('list.products')}: {format.number(audit.lineCount)} · {t('list.differences')}: {format.number(audit.differenceCount)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('list.registered')}: {audit.registered.name}, {format.dateTime(audit.registered.at)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="xs" highlightOnHover>
        <caption className="visually-hidden">{t('list.caption')}</caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.date')}</Table.Th>
            <Table.Th>{t('list.location')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
            <Table.Th ta="right">{t('list.products')}</Table.Th>
            <Table.Th ta="right">{t('list.differences')}</Table.Th>
            <Table.Th>{t('list.registered')}</Table.Th>
            <Table.Th>{t('list.decided')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.map((audit) => (
            <Table.Tr key={audit.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateLink audit={audit} />
              </Table.Td>
              <Table.Td>
                <Text span size="sm" display="block">
                  {audit.locationName}
                </Text>
                {showsCustomer && (
                  <Text span size="xs" c="gray.7" display="block">
                    {audit.customerName}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <CountAuditStatusBadge status={audit.status} />
              </Table.Td>
              <Table.Td ta="right">{format.number(audit.lineCount)}</Table.Td>
              <Table.Td ta="right">{format.number(audit.differenceCount)}</Table.Td>
              <Table.Td>
                <Actor actor={audit.registered} />
              </Table.Td>
              <Table.Td>
                <Actor actor={audit.decided} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
