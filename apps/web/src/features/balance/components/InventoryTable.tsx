/**
 * The balance as a table (wide screens): per product the pooling and commission balance, credit /
 * owes (users who may see money), the physical balance with its date, in transit in and out, the
 * balance to expect, and at one location the stock levels to edit; a total row at the end. The
 * product name opens its history. On a narrow screen the table scrolls sideways with the
 * product column kept in view; phones get `InventoryCards` instead.
 */
import { Anchor, Group, Paper, Table } from '@mantine/core';
import type { Inventory } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { historyPath } from '../lib/location-choice';
import classes from './inventory.module.css';
import { CreditOwes, LevelWarning, Physical } from './inventory-cells';
import { StockLevelInputs } from './StockLevelInputs';

export interface InventoryViewProps {
  inventory: Inventory;
  /** The location whose history a product opens (at all locations: the acting one). */
  historyLocationId: number;
  /** The table's caption, for screen readers (what and where). */
  caption: string;
}

export function InventoryTable({ inventory, historyLocationId, caption }: InventoryViewProps) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const money = inventory.totals.creditOwes !== null;
  const levels = inventory.locationId !== null;
  const n = (value: number) => format.number(value);
  return (
    <Paper withBorder radius="md">
      <Table.ScrollContainer minWidth={levels ? 1080 : 860} type="native">
        <Table verticalSpacing="xs" className={classes.table}>
          <caption className={classes.caption}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.sticky}>{t('columns.product')}</Table.Th>
              <Table.Th ta="right">{t('columns.pooling')}</Table.Th>
              <Table.Th ta="right">{t('columns.commission')}</Table.Th>
              {money && <Table.Th ta="right">{t('columns.creditOwes')}</Table.Th>}
              <Table.Th ta="right">{t('columns.physical')}</Table.Th>
              <Table.Th ta="right">{t('columns.incoming')}</Table.Th>
              <Table.Th ta="right">{t('columns.outgoing')}</Table.Th>
              <Table.Th ta="right">{t('columns.expected')}</Table.Th>
              {levels && <Table.Th>{t('columns.lowerLevel')}</Table.Th>}
              {levels && <Table.Th>{t('columns.upperLevel')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {inventory.lines.map((line) => (
              <Table.Tr key={line.productId}>
                <Table.Th scope="row" className={classes.sticky} fw={500}>
                  <Group gap={6} wrap="nowrap">
                    <Anchor component={Link} to={historyPath(line.productId, historyLocationId)} size="sm">
                      {line.productName}
                    </Anchor>
                    <LevelWarning state={line.levelState} all={!levels} />
                  </Group>
                </Table.Th>
                <Table.Td ta="right">{n(line.poolingBalance)}</Table.Td>
                <Table.Td ta="right">{n(line.commissionBalance)}</Table.Td>
                {money && (
                  <Table.Td ta="right">
                    <CreditOwes values={line.creditOwes ?? []} />
                  </Table.Td>
                )}
                <Table.Td ta="right">
                  <Physical line={line} />
                </Table.Td>
                <Table.Td ta="right">{n(line.incoming)}</Table.Td>
                <Table.Td ta="right">{n(line.outgoing)}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {n(line.expected)}
                </Table.Td>
                {levels && inventory.locationId !== null && (
                  <>
                    <Table.Td>
                      <StockLevelInputs line={line} locationId={inventory.locationId} only="lowerLevel" />
                    </Table.Td>
                    <Table.Td>
                      <StockLevelInputs line={line} locationId={inventory.locationId} only="upperLevel" />
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
          {inventory.lines.length > 1 && (
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th scope="row" className={classes.sticky}>
                  {t('total')}
                </Table.Th>
                <Table.Td ta="right">{n(inventory.totals.poolingBalance)}</Table.Td>
                <Table.Td ta="right">{n(inventory.totals.commissionBalance)}</Table.Td>
                {money && (
                  <Table.Td ta="right">
                    <CreditOwes values={inventory.totals.creditOwes ?? []} />
                  </Table.Td>
                )}
                <Table.Td />
                <Table.Td ta="right">{n(inventory.totals.incoming)}</Table.Td>
                <Table.Td ta="right">{n(inventory.totals.outgoing)}</Table.Td>
                <Table.Td ta="right">{n(inventory.totals.expected)}</Table.Td>
                {levels && <Table.Td colSpan={2} />}
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
