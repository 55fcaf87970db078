/**
 * The ledger entries of a product at a location (GET BalanceHistory), oldest first, each with
 * the balance after it; an order's entry links to the order's page by the order target helper
 * of spec section 2, a pallet receipt's and a rental's to their pages when the user's menu offers
 * them, a count's correction names its count audit. From and To name the order's ends, or for a
 * pallet receipt (and its correction) its counterparty and this location, by the entry's sign
 * (issue 20: the rows named no counterparty). For users of disputes (canUseDisputes) each entry
 * of an order, a receipt, a rental or a single entry of its own (an opening, issue, scrap, count
 * correction) has "Dispute", which opens the dispute dialog with that movement filled in
 * (issue 22; docs/disputes.md, "Screens").
 */
import { Anchor, Button, Table, Text } from '@mantine/core';
import {
  type BalanceHistory,
  type BalanceHistoryEntry,
  canUseArea,
  canUsePalletReceipts,
  disputableEntrySources,
  orderTargetRoute,
  type TransactionStatusId,
  type TransactionTypeId,
} from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useCanDispute } from '../../disputes/components/DisputeOrderButton';
import { type DisputeSource, OpenDisputeDialog } from '../../disputes/components/OpenDisputeDialog';
import { useSourceLabel } from '../../disputes/components/source-label';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import classes from './inventory.module.css';

/** The address of an entry's order for the acting location (spec section 2, the order target helper). */
export function orderPath(order: NonNullable<BalanceHistoryEntry['order']>, actingLocationId: number): string {
  const target = orderTargetRoute(
    {
      id: order.id,
      transactionStatusId: order.transactionStatusId as TransactionStatusId,
      transactionTypeId: order.transactionTypeId as TransactionTypeId,
      locationIdTo: order.locationIdTo ?? -1,
    },
    actingLocationId,
  );
  return `/app/${target}`;
}

/** An entry's ends: the order's, or a receipt's counterparty and the history's location (in: from the counterparty). */
export function entryEnds(entry: BalanceHistoryEntry, locationName: string): [string | null, string | null] {
  if (entry.order) return [entry.order.locationNameFrom, entry.order.locationNameTo];
  const other = entry.palletReceiptCounterparty;
  if (other === null) return [null, null];
  return entry.quantity >= 0 ? [other, locationName] : [locationName, other];
}

/** The movement an entry may be disputed as: its order, receipt or rental, or the entry itself; null for a dispute's correction. */
export function entrySource(entry: BalanceHistoryEntry): DisputeSource | null {
  if (entry.order) return { orderId: entry.order.id };
  if (entry.palletReceiptId !== null) return { palletReceiptId: entry.palletReceiptId };
  if (entry.rentalId !== null) return { rentalId: entry.rentalId };
  return (disputableEntrySources as readonly string[]).includes(entry.source) ? { ledgerEntryId: entry.id } : null;
}

export function HistoryTable({ history, actingLocationId }: { history: BalanceHistory; actingLocationId: number }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const { status } = useSession();
  const menu = menuContextOf(status);
  const receipts = canUsePalletReceipts(menu);
  const rentals = canUseArea(menu, 'containers');
  const mayDispute = useCanDispute();
  const sourceLabel = useSourceLabel();
  const { t: tDisputes } = useTranslation('disputes');
  const [disputing, setDisputing] = useState<DisputeSource | null>(null);
  const signed = (value: number) => (value > 0 ? `+${format.number(value)}` : format.number(value));
  return (
    // Positioned, so the action column's visually hidden header stays inside the box that scrolls
    // (an absolutely placed element escapes an unpositioned scroll box and widens the page).
    <Table.ScrollContainer minWidth={900} type="native" style={{ position: 'relative' }}>
      <Table striped verticalSpacing="xs" className={classes.table}>
        <caption className={classes.caption}>
          {t('history.tableCaption', { product: history.productName, location: history.locationName })}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('history.columns.date')}</Table.Th>
            <Table.Th>{t('history.columns.source')}</Table.Th>
            <Table.Th>{t('history.columns.order')}</Table.Th>
            <Table.Th>{t('history.columns.from')}</Table.Th>
            <Table.Th>{t('history.columns.to')}</Table.Th>
            <Table.Th>{t('history.columns.kind')}</Table.Th>
            <Table.Th ta="right">{t('history.columns.quantity')}</Table.Th>
            <Table.Th ta="right">{t('history.columns.balanceAfter')}</Table.Th>
            {mayDispute && (
              <Table.Th>
                <span className="visually-hidden">{tDisputes('open.fromEntry')}</span>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.entries.map((entry) => {
            const [from, to] = entryEnds(entry, history.locationName);
            const source = mayDispute ? entrySource(entry) : null;
            return (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.plainDate(entry.bookingDate)}</Table.Td>
                <Table.Td>{t(`history.sources.${entry.source}`)}</Table.Td>
                <Table.Td>
                  {entry.order ? (
                    <Anchor
                      component={Link}
                      to={orderPath(entry.order, actingLocationId)}
                      size="sm"
                      aria-label={t('history.orderLink', { id: entry.order.id })}
                    >
                      {entry.order.id}
                    </Anchor>
                  ) : entry.palletReceiptId !== null ? (
                    receipts ? (
                      <Anchor component={Link} to={`/app/pallet-receipts/${entry.palletReceiptId}`} size="sm">
                        {entry.palletReceiptNumber}
                      </Anchor>
                    ) : (
                      entry.palletReceiptNumber
                    )
                  ) : entry.rentalId !== null ? (
                    rentals ? (
                      <Anchor component={Link} to={`/app/containers/rentals/${entry.rentalId}`} size="sm">
                        {t('history.rental', { id: entry.rentalId })}
                      </Anchor>
                    ) : (
                      t('history.rental', { id: entry.rentalId })
                    )
                  ) : entry.countAuditId !== null ? (
                    t('history.countAudit', { id: entry.countAuditId })
                  ) : (
                    '–'
                  )}
                </Table.Td>
                <Table.Td>{from ?? '–'}</Table.Td>
                <Table.Td>{to ?? '–'}</Table.Td>
                <Table.Td>{t(`history.kinds.${entry.balanceKind}`)}</Table.Td>
                <Table.Td ta="right" style={{ color: entry.quantity < 0 ? 'var(--portal-text-danger)' : 'var(--portal-text-ok)' }}>
                  {signed(entry.quantity)}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  <Text
                    span
                    size="sm"
                    fw={600}
                    title={`${t('history.kinds.pooling')}: ${format.number(entry.balanceAfter.pooling)} · ${t('history.kinds.commission')}: ${format.number(entry.balanceAfter.commission)}`}
                  >
                    {format.number(entry.balanceAfter.total)}
                  </Text>
                </Table.Td>
                {mayDispute && (
                  <Table.Td>
                    {source && (
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        aria-label={tDisputes('open.fromEntryLabel', { source: sourceLabel(source) })}
                        onClick={() => setDisputing(source)}
                      >
                        {tDisputes('open.fromEntry')}
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {disputing && <OpenDisputeDialog opened source={disputing} onClose={() => setDisputing(null)} />}
    </Table.ScrollContainer>
  );
}
