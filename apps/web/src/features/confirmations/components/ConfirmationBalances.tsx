/**
 * The closing balances of a balance confirmation's link (issue 22): one box per location (a
 * heading with its GLN, then product, account and balance), so a phone shows every column.
 */
import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { BalanceConfirmation } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** The balances grouped by location, in the order the server gives. */
export function balancesByLocation(balances: BalanceConfirmation['balances']): BalanceConfirmation['balances'][] {
  const locations = new Map<number, BalanceConfirmation['balances']>();
  for (const b of balances) locations.set(b.locationId, [...(locations.get(b.locationId) ?? []), b]);
  return [...locations.values()];
}

/** The balances one location at a time (a heading with its GLN, then product, account and balance), so a phone shows every column. */
export function ConfirmationBalances({ data }: { data: BalanceConfirmation }) {
  const { t } = useTranslation('confirmations');
  const format = useFormat();
  return (
    <Stack
      gap="md"
      component="section"
      aria-label={t('link.balancesCaption', { date: format.plainDate(data.asOf, { dateStyle: 'long' }) })}
    >
      {balancesByLocation(data.balances).map((list) => {
        const first = list[0] as BalanceConfirmation['balances'][number];
        return (
          <Paper key={first.locationId} withBorder radius="sm" p="sm">
            <Title order={2} size="h5">
              {first.locationName}
            </Title>
            {first.gln && (
              <Text size="xs" c="gray.7">
                GLN {first.gln}
              </Text>
            )}
            <Table mt="xs" verticalSpacing={6}>
              <Table.Caption className="visually-hidden">
                {t('link.locationCaption', { location: first.locationName, date: format.plainDate(data.asOf) })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('link.product')}</Table.Th>
                  <Table.Th scope="col">{t('link.account')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('link.quantity')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((b) => (
                  <Table.Tr key={`${b.productId}:${b.balanceKind}`}>
                    <Table.Td>{b.productName}</Table.Td>
                    <Table.Td>{t(`link.accounts.${b.balanceKind}`)}</Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {format.number(b.quantity)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        );
      })}
    </Stack>
  );
}
