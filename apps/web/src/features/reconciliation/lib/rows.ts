/**
 * A reconciliation's rows as the page shows them (issue 22): the filter by outcome (default: every
 * row not matched), the ledger's movement named (order, pallet receipt, ledger entry), the
 * quantity difference (file minus ledger), which rows may be disputed (different, only in the
 * file or only in the portal, on an order) and the row written out as a dispute's evidence.
 */
import type { ReconciliationOutcome, ReconciliationRow } from '@portal/domain';
import type { TFunction } from 'i18next';

/** The filters of the rows: each outcome, everything not matched (the default) and all. */
export const rowFilters = ['unmatched', 'different', 'fileOnly', 'portalOnly', 'matched', 'all'] as const;
export type RowFilter = (typeof rowFilters)[number];

/** Whether `row` is shown under `filter`. */
export function passes(row: ReconciliationRow, filter: RowFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'unmatched') return row.outcome !== 'matched';
  return row.outcome === filter;
}

/** How many rows each filter shows. */
export function filterCounts(rows: readonly ReconciliationRow[]): Record<RowFilter, number> {
  const counts: Record<RowFilter, number> = { unmatched: 0, different: 0, fileOnly: 0, portalOnly: 0, matched: 0, all: rows.length };
  for (const row of rows) {
    counts[row.outcome as ReconciliationOutcome] += 1;
    if (row.outcome !== 'matched') counts.unmatched += 1;
  }
  return counts;
}

/** The ledger's movement of a row: "Order 123", "Pallet receipt PK-1", "Ledger entry 9"; null when none. */
export function movementOf(t: TFunction, row: ReconciliationRow): string | null {
  if (row.orderId !== null) return t('movement.order', { id: row.orderId });
  if (row.palletReceiptId !== null) return t('movement.receipt', { number: row.palletReceiptNumber ?? row.palletReceiptId });
  if (row.ledgerEntryId !== null) return t('movement.entry', { id: row.ledgerEntryId });
  return null;
}

/** The quantity the file has more (+) or less (-) than the ledger; null unless both have one. */
export function quantityDifference(row: ReconciliationRow): number | null {
  return row.fileQuantity !== null && row.ledgerQuantity !== null ? row.fileQuantity - row.ledgerQuantity : null;
}

/**
 * Whether a dispute may be opened from the row: not matched, and on a movement the dispute dialog
 * takes (an order, a pallet receipt, a single ledger entry; the server refuses an entry that may
 * not be disputed with its reason).
 */
export function disputable(row: ReconciliationRow): boolean {
  return row.outcome !== 'matched' && (row.orderId !== null || row.palletReceiptId !== null || row.ledgerEntryId !== null);
}

/**
 * The row as a dispute's evidence, in the user's language: "Reconciliation 4, file row 12:
 * 2026-11-03, ref 123, EUR pallet 30; ledger: 2026-11-02, 33 (order 5512)".
 */
export function evidenceOf(t: TFunction, reconciliationId: number, row: ReconciliationRow): string {
  const file = [
    row.fileDate,
    row.fileReference && t('evidence.reference', { reference: row.fileReference }),
    row.fileCounterparty,
    row.fileProduct,
  ]
    .concat(row.fileQuantity === null ? [] : [String(row.fileQuantity)])
    .filter(Boolean)
    .join(', ');
  const ledger =
    row.ledgerQuantity === null
      ? t('evidence.notInLedger')
      : [row.ledgerDate, row.productName, String(row.ledgerQuantity), movementOf(t, row)].filter(Boolean).join(', ');
  if (row.fileRow === null) return t('evidence.portalOnly', { id: reconciliationId, ledger });
  return t('evidence.text', { id: reconciliationId, row: row.fileRow, file, ledger });
}
