/**
 * Naming a dispute's movement (docs/disputes.md, "What can be disputed"): an order's number, a
 * pallet receipt, a rental or a single ledger entry; and the source a request names.
 */
import type { DisputeSummary } from '@portal/domain';
import { useTranslation } from 'react-i18next';

/** The movement a dispute is opened of: exactly one of its ids. */
export type DisputeSource = { orderId: number } | { palletReceiptId: number } | { rentalId: number } | { ledgerEntryId: number };

type SourceIds = Partial<Pick<DisputeSummary, 'orderId' | 'palletReceiptId' | 'rentalId' | 'ledgerEntryId'>>;

/** The label of a movement from its ids (the first set one): "Order 12", "Pallet receipt 3", ... */
export function useSourceLabel() {
  const { t } = useTranslation('disputes');
  return (d: SourceIds) =>
    d.orderId != null
      ? t('source.order', { id: d.orderId })
      : d.palletReceiptId != null
        ? t('source.receipt', { id: d.palletReceiptId })
        : d.rentalId != null
          ? t('source.rental', { id: d.rentalId })
          : t('source.entry', { id: d.ledgerEntryId });
}
