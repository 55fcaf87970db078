/**
 * The statement's small tables (issue 22): per product and account the opening balance, in,
 * out and closing balance, and the carriers in transit at the end of the period. Plain tables in
 * a box that scrolls sideways on a phone; the movements use the reports' virtual grid
 * (StatementPage). Numbers as the user's language writes them.
 */
import { Table, Title } from '@mantine/core';
import type { Statement } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table/ScrollTable';
import { useFormat } from '../../../lib/format';

/** The balances per product and account; the caption names the period. */
export function AccountsTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const format = useFormat();
  return (
    <ScrollTable minWidth={560} label={t('balances')}>
      <Table striped withTableBorder highlightOnHover>
        <Table.Caption>
          {t('balancesCaption', { from: format.plainDate(statement.from), to: format.plainDate(statement.to) })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('columns.product')}</Table.Th>
            <Table.Th scope="col">{t('columns.account')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.opening')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.in')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.out')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('columns.closing')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {statement.accounts.map((a) => (
            <Table.Tr key={`${a.productId}:${a.balanceKind}`}>
              <Table.Th scope="row" fw={500}>
                {a.productName}
              </Table.Th>
              <Table.Td>{t(`account.${a.balanceKind}`)}</Table.Td>
              <Table.Td ta="right">{format.number(a.opening)}</Table.Td>
              <Table.Td ta="right">{format.number(a.quantityIn)}</Table.Td>
              <Table.Td ta="right">{format.number(a.quantityOut)}</Table.Td>
              <Table.Td ta="right" fw={700}>
                {format.number(a.closing)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The carriers on their way to and from the location at the end of the period; nothing when none are. */
export function TransitTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const format = useFormat();
  if (statement.inTransit.length === 0) return null;
  return (
    <>
      <Title order={2} size="h4">
        {t('inTransit', { date: format.plainDate(statement.to) })}
      </Title>
      <ScrollTable minWidth={360} label={t('inTransit', { date: format.plainDate(statement.to) })}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('columns.product')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('columns.incoming')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('columns.outgoing')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {statement.inTransit.map((r) => (
              <Table.Tr key={r.productId}>
                <Table.Th scope="row" fw={500}>
                  {r.productName}
                </Table.Th>
                <Table.Td ta="right">{format.number(r.incoming)}</Table.Td>
                <Table.Td ta="right">{format.number(r.outgoing)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </>
  );
}
