/**
 * A report's grid (issue 8: "a grid on the orders grid's virtualised table with sorting and a
 * totals row"): the server's columns with their translated labels, every row (virtualised by the
 * shared VirtualTable), sorting by any column in the browser (a click on its header: ascending,
 * descending; empty cells last, texts in the language's order), and the totals as a sticky
 * footer. Cells are formatted by their column's type: numbers and dates in the user's locale,
 * money from minor units in the row's currency with two decimals.
 */
import { Center, Loader, Table, Text } from '@mantine/core';
import type { Report, ReportCell, ReportColumn, ReportRow } from '@portal/domain';
import { type ColumnDef, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type VirtualColumnLayout, VirtualTable } from '../../../components/virtual-table/VirtualTable';
import { formatDateTime, formatMoney, formatNumber, formatPlainDate } from '../../../lib/format';
import { useFillViewport } from '../../../lib/use-fill-viewport';

const ROW_HEIGHT = 37;
/** Room under the grid for the row count and the page's bottom padding. */
const FOOTER_ROOM = 56;

/** Width of a column by its type; texts wider. */
const widths: Record<ReportColumn['type'], number> = {
  text: 190,
  id: 135,
  integer: 110,
  date: 115,
  datetime: 160,
  money: 140,
  currency: 90,
  boolean: 95,
  percent: 95,
};
const numeric = new Set<ReportColumn['type']>(['integer', 'money', 'percent']);

/** A text column grows with its longest value up to this width (px); longer values end in an ellipsis, in full on hover. */
const TEXT_MAX_WIDTH = 340;
/** Rows looked at for a text column's longest value. */
const TEXT_SAMPLE_ROWS = 1000;

/**
 * A column's width: its type's, or more when its label (with the sort icon) needs it; a text
 * column also as wide as its longest value (of the first rows), up to TEXT_MAX_WIDTH, so that
 * names sharing a long beginning (a customer's locations) do not all show the same cut text.
 */
function widthOf(column: ReportColumn, rows: readonly ReportRow[]): number {
  let width = Math.max(widths[column.type], Math.ceil(column.label.length * 8.5) + 44);
  if (column.type === 'text') {
    let longest = 0;
    for (const row of rows.slice(0, TEXT_SAMPLE_ROWS)) {
      const value = row[column.key];
      if (typeof value === 'string' && value.length > longest) longest = value.length;
    }
    width = Math.max(width, Math.min(TEXT_MAX_WIDTH, Math.ceil(longest * 7.5) + 24));
  }
  return width;
}

interface ReportGridProps {
  title: string;
  report: Report | undefined;
  loading: boolean;
  error: boolean;
}

/** Formats one cell by its column's type (a stable function per language, so sorting is not redone on every render). */
function useCellText() {
  const { t, i18n } = useTranslation('reports');
  const locale = i18n.language;
  return useCallback(
    (column: ReportColumn, value: ReportCell, currency: ReportCell): string => {
      if (value === null || value === undefined || value === '') return '';
      switch (column.type) {
        case 'integer':
          return typeof value === 'number' ? formatNumber(value, locale) : String(value);
        case 'money':
          return typeof value === 'number' && typeof currency === 'string' ? formatMoney(value, currency, locale) : String(value);
        case 'percent':
          return typeof value === 'number' ? formatNumber(value, locale, { style: 'percent', maximumFractionDigits: 1 }) : String(value);
        case 'date':
          return formatPlainDate(String(value), locale);
        case 'datetime':
          return formatDateTime(String(value), locale);
        case 'boolean':
          return value ? t('grid.yes') : t('grid.no');
        default:
          return String(value);
      }
    },
    [t, locale],
  );
}

export function ReportGrid({ title, report, loading, error }: ReportGridProps) {
  const { t, i18n } = useTranslation('reports');
  const cellText = useCellText();
  const scrollRef = useRef<HTMLDivElement>(null);
  // On a phone the box takes most of the window (useFillViewport's phone rule).
  const height = useFillViewport(scrollRef, { below: FOOTER_ROOM, min: 240 });
  const [sorting, setSorting] = useState<SortingState>([]);
  const columns = report?.columns ?? [];
  const rows = report?.rows ?? [];
  const collator = useMemo(() => new Intl.Collator(i18n.language, { numeric: true, sensitivity: 'base' }), [i18n.language]);

  const columnDefs = useMemo<ColumnDef<ReportRow>[]>(
    () =>
      columns.map((column) => ({
        id: column.key,
        header: column.label,
        accessorFn: (row) => row[column.key] ?? null,
        cell: ({ row }) => {
          const text = cellText(column, row.original[column.key] ?? null, row.original.currency ?? null);
          return column.type === 'text' ? <span title={text}>{text}</span> : text;
        },
        // Empty cells last in both directions; numbers by value, texts by the language's order.
        sortUndefined: 'last',
        sortingFn: (a, b, id) => {
          const x = a.getValue<ReportCell>(id);
          const y = b.getValue<ReportCell>(id);
          if (typeof x === 'number' && typeof y === 'number') return x - y;
          if (typeof x === 'boolean' && typeof y === 'boolean') return Number(x) - Number(y);
          return collator.compare(String(x), String(y));
        },
      })),
    [columns, cellText, collator],
  );
  // Nulls count as undefined, so that sortUndefined puts them last.
  const data = useMemo(
    () =>
      rows.map(
        (row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === null ? undefined : value])) as ReportRow,
      ),
    [rows],
  );
  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const columnWidths = useMemo(() => new Map(columns.map((c) => [c.key, widthOf(c, rows)])), [columns, rows]);
  const layout = (id: string): VirtualColumnLayout => {
    const column = columns.find((c) => c.key === id);
    const current = sorting[0]?.id === id ? (sorting[0].desc ? 'descending' : 'ascending') : 'none';
    return {
      width: columnWidths.get(id),
      align: column && numeric.has(column.type) ? 'right' : undefined,
      sort: {
        direction: current,
        onToggle: () => setSorting([{ id, desc: current === 'ascending' }]),
      },
    };
  };
  const minWidth = [...columnWidths.values()].reduce((sum, width) => sum + width, 0);
  const totals = report?.totals ?? {};
  const hasTotals = columns.some((c) => totals[c.key] !== undefined);

  const status =
    loading && !report ? (
      <Center py="xl">
        <Loader size="sm" role="progressbar" aria-label={t('grid.loading')} />
      </Center>
    ) : error && !report ? (
      <Center py="xl">
        <Text c="gray.7">{t('grid.loadFailed')}</Text>
      </Center>
    ) : report && rows.length === 0 ? (
      <Center py="xl">
        <Text c="gray.7">{t('grid.empty')}</Text>
      </Center>
    ) : null;

  return (
    <VirtualTable
      table={table}
      scrollRef={scrollRef}
      height={height}
      label={t('grid.label', { report: title })}
      ariaRowCount={rows.length + 1 + (hasTotals ? 1 : 0)}
      minWidth={minWidth}
      rowHeight={ROW_HEIGHT}
      layout={layout}
      getRowKey={(_row, index) => index}
      status={status}
      footer={
        hasTotals && rows.length > 0 ? (
          <Table.Tr aria-rowindex={rows.length + 2}>
            {columns.map((column, index) => (
              <Table.Td key={column.key} ta={numeric.has(column.type) ? 'right' : undefined}>
                {totals[column.key] !== undefined
                  ? cellText(column, totals[column.key] ?? null, totals.currency ?? null)
                  : index === 0
                    ? t('grid.totals')
                    : ''}
              </Table.Td>
            ))}
          </Table.Tr>
        ) : undefined
      }
    />
  );
}
