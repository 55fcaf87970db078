/**
 * A reconciliation's rows on a wide screen (issue 22): the shared virtual table (only the rows in
 * view in the DOM, for 10,000 rows and more): the outcome pinned at the left edge and "Open a
 * dispute" at the right while the rest scrolls sideways between them: what differs, the product,
 * then the file's side beside the portal's for each figure (quantity, row and dates, reference and
 * movement, counterparties) and the location.
 */
import type { ReconciliationRow } from '@portal/domain';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type VirtualColumnLayout, VirtualTable } from '../../../components/virtual-table/VirtualTable';
import { useFormat } from '../../../lib/format';
import { useFillViewport } from '../../../lib/use-fill-viewport';
import { disputable, movementOf } from '../lib/rows';
import { OutcomeBadge } from './OutcomeBadge';
import { DisputeButton, useDifferenceText } from './RowCells';

const ROW_HEIGHT = 41;

/** Each column's width (px) and alignment. */
const widths: Record<string, { width: number; align?: 'right' }> = {
  outcome: { width: 170 },
  difference: { width: 200 },
  product: { width: 180 },
  fileQuantity: { width: 100, align: 'right' },
  ledgerQuantity: { width: 100, align: 'right' },
  fileRow: { width: 70, align: 'right' },
  fileDate: { width: 110 },
  ledgerDate: { width: 110 },
  fileReference: { width: 130 },
  movement: { width: 150 },
  fileCounterparty: { width: 170 },
  counterparty: { width: 180 },
  location: { width: 170 },
  action: { width: 170 },
};
const totalWidth = Object.values(widths).reduce((sum, c) => sum + c.width, 0);

interface RowsGridProps {
  rows: ReconciliationRow[];
  label: string;
  onDispute: (row: ReconciliationRow) => void;
}

/** The grid; see the file comment. */
export function RowsGrid({ rows, label, onDispute }: RowsGridProps) {
  const { t } = useTranslation('reconciliation');
  const format = useFormat();
  const difference = useDifferenceText();
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFillViewport(scrollRef, { below: 24, min: 320 });
  const columns = useMemo<ColumnDef<ReconciliationRow>[]>(() => {
    const text = (value: string | null) => (value ? <span title={value}>{value}</span> : '');
    const date = (value: string | null) => (value ? format.plainDate(value) : '');
    const quantity = (value: number | null) => (value === null ? '' : format.number(value));
    const column = (id: string, cell: (row: ReconciliationRow) => React.ReactNode): ColumnDef<ReconciliationRow> => ({
      id,
      header: t(`rows.${id}`),
      cell: ({ row }) => cell(row.original),
    });
    return [
      column('outcome', (r) => <OutcomeBadge outcome={r.outcome} />),
      column('difference', (r) => text(difference(r))),
      column('product', (r) => text(r.productName ?? r.fileProduct)),
      column('fileQuantity', (r) => quantity(r.fileQuantity)),
      column('ledgerQuantity', (r) => quantity(r.ledgerQuantity)),
      column('fileRow', (r) => (r.fileRow === null ? '' : format.number(r.fileRow))),
      column('fileDate', (r) => date(r.fileDate)),
      column('ledgerDate', (r) => date(r.ledgerDate)),
      column('fileReference', (r) => text(r.fileReference)),
      column('movement', (r) => text(movementOf(t, r))),
      column('fileCounterparty', (r) => text(r.fileCounterparty)),
      column('counterparty', (r) => text(r.counterparty)),
      column('location', (r) => text(r.locationName)),
      column('action', (r) => (disputable(r) ? <DisputeButton row={r} onOpen={onDispute} /> : '')),
    ];
  }, [t, format, difference, onDispute]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { columnPinning: { left: ['outcome'], right: ['action'] } },
    getCoreRowModel: getCoreRowModel(),
  });
  const layout = (id: string): VirtualColumnLayout => ({
    width: widths[id]?.width,
    align: widths[id]?.align,
    pin:
      id === 'outcome' ? { side: 'left', offset: 0, edge: true } : id === 'action' ? { side: 'right', offset: 0, edge: true } : undefined,
  });
  return (
    <VirtualTable
      table={table}
      scrollRef={scrollRef}
      height={height}
      label={label}
      ariaRowCount={rows.length + 1}
      minWidth={totalWidth}
      rowHeight={ROW_HEIGHT}
      layout={layout}
      wrapHeaders
      expandFocusedRow
      getRowKey={(row) => row.id}
      status={rows.length === 0 ? <span>{t('rows.empty')}</span> : undefined}
    />
  );
}
