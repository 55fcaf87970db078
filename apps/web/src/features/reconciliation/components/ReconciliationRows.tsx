/**
 * A reconciliation's rows with their filter (issue 22): a segmented control of the outcomes with
 * their counts (default: every row not matched), then the rows in the virtual grid on a wide
 * screen or as cards on a phone. "Open a dispute" on a row opens the disputes' dialog with the
 * row's order and the row written out as the comment's evidence.
 */
import { SegmentedControl, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Reconciliation, ReconciliationRow } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { PHONE_QUERY } from '../../../lib/use-fill-viewport';
import { OpenDisputeDialog } from '../../disputes/components/OpenDisputeDialog';
import { evidenceOf, filterCounts, passes, type RowFilter, rowFilters } from '../lib/rows';
import { RowCards } from './RowCards';
import { RowsGrid } from './RowsGrid';

/** The filter and rows; see the file comment. */
export function ReconciliationRows({ reconciliation }: { reconciliation: Reconciliation }) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const counts = useMemo(() => filterCounts(reconciliation.rows), [reconciliation.rows]);
  const [filter, setFilter] = useState<RowFilter>(counts.unmatched > 0 ? 'unmatched' : 'all');
  const rows = useMemo(() => reconciliation.rows.filter((r) => passes(r, filter)), [reconciliation.rows, filter]);
  const [disputing, setDisputing] = useState<ReconciliationRow | null>(null);
  const onDispute = useCallback((row: ReconciliationRow) => setDisputing(row), []);
  const label = t('rows.label', { filter: t(`filters.${filter}`) });
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('filters.label')}
        value={filter}
        onChange={(value) => setFilter(value as RowFilter)}
        data={rowFilters.map((value) => ({ value, label: `${t(`filters.${value}`)} (${format.number(counts[value])})` }))}
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        style={{ alignSelf: phone ? 'stretch' : 'flex-start', maxWidth: '100%' }}
      />
      {phone ? (
        <RowCards key={filter} rows={rows} label={label} onDispute={onDispute} />
      ) : (
        <RowsGrid rows={rows} label={label} onDispute={onDispute} />
      )}
      {disputing && (
        <OpenDisputeDialog
          opened
          {...(disputing.orderId !== null
            ? { orderId: disputing.orderId }
            : disputing.palletReceiptId !== null
              ? { source: { palletReceiptId: disputing.palletReceiptId } }
              : { source: { ledgerEntryId: disputing.ledgerEntryId ?? 0 } })}
          comment={evidenceOf(t, reconciliation.id, disputing)}
          onClose={() => setDisputing(null)}
        />
      )}
    </Stack>
  );
}
