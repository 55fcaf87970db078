/**
 * The cells a reconciliation row shows on the desktop grid and on a phone's card alike: what
 * differs (the quantity the file has more or less, the date outside the tolerance, why a file row
 * could not be read, or how a matched row was matched) and "Open a dispute" for a row that may be
 * disputed, which opens the disputes' dialog with the order and the row as evidence.
 */
import { Button } from '@mantine/core';
import type { ReconciliationRow } from '@portal/domain';
import { IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { quantityDifference } from '../lib/rows';

/** What differs of `row`, as text ("" when nothing is to say). */
export function useDifferenceText(): (row: ReconciliationRow) => string {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  return (row) => {
    if (row.problem) return t(`messages:${row.problem}`, { defaultValue: t('differences.unreadable') });
    if (row.outcome === 'matched') return row.matchedBy ? t(`matchedBy.${row.matchedBy}`) : '';
    const parts: string[] = [];
    const difference = quantityDifference(row);
    if (row.differences.includes('quantity') && difference !== null)
      parts.push(t('differences.quantity', { difference: format.number(difference, { signDisplay: 'always' }) }));
    if (row.differences.includes('date')) parts.push(t('differences.date'));
    return parts.join('; ');
  };
}

/** The button that opens a dispute of `row` (the caller shows the dialog). */
export function DisputeButton({ row, onOpen }: { row: ReconciliationRow; onOpen: (row: ReconciliationRow) => void }) {
  const { t } = useTranslation('reconciliation');
  return (
    <Button
      size="compact-sm"
      variant="default"
      leftSection={<IconMessageReport size={16} aria-hidden />}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(row);
      }}
      aria-label={
        row.fileRow !== null
          ? t('dispute.rowLabel', { row: row.fileRow })
          : t('dispute.movementLabel', { id: row.orderId ?? row.palletReceiptNumber ?? row.ledgerEntryId })
      }
    >
      {t('dispute.button')}
    </Button>
  );
}
