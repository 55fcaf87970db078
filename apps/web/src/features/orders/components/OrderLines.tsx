/**
 * The lines of an order: product, ordered, picked and delivered quantities, with totals; on a
 * return also each line's return choice (shall / shall not be returned; spec section 3).
 */
import { Paper, Table, Title } from '@mantine/core';
import type { OrderLine } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** A table of the order's lines and a total row. */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const { t, i18n } = useTranslation('orders');
  const number = (value: number | null) => (value === null ? '–' : formatNumber(value, i18n.language));
  const sum = (pick: (line: OrderLine) => number | null) =>
    lines.some((line) => pick(line) !== null) ? lines.reduce((total, line) => total + (pick(line) ?? 0), 0) : null;
  const returnChoice = lines.some((line) => line.shallReturn !== null);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm" id="order-lines-title">
        {t('detail.lines')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-labelledby="order-lines-title" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('detail.product')}</Table.Th>
              <Table.Th ta="right">{t('detail.ordered')}</Table.Th>
              <Table.Th ta="right">{t('detail.picked')}</Table.Th>
              <Table.Th ta="right">{t('detail.delivered')}</Table.Th>
              {returnChoice && <Table.Th>{t('returns.choice')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{line.name}</Table.Td>
                <Table.Td ta="right">{number(line.quantityOrdered)}</Table.Td>
                <Table.Td ta="right">{number(line.quantityPicked)}</Table.Td>
                <Table.Td ta="right">{number(line.quantityDelivered)}</Table.Td>
                {returnChoice && (
                  <Table.Td>{line.shallReturn === null ? '–' : line.shallReturn ? t('returns.shall') : t('returns.shallNot')}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {lines.length > 1 && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row">{t('detail.total')}</Table.Th>
                <Table.Td ta="right">{number(sum((line) => line.quantityOrdered))}</Table.Td>
                <Table.Td ta="right">{number(sum((line) => line.quantityPicked))}</Table.Td>
                <Table.Td ta="right">{number(sum((line) => line.quantityDelivered))}</Table.Td>
                {returnChoice && <Table.Td />}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
