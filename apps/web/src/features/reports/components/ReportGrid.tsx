/**
 * A report's grid (issue 8: "a grid on the orders grid's virtualised table with sorting and a
 * totals row"): the server's columns with their translated labels, every row (virtualised by the
 * shared VirtualTable), sorting by any column in the browser (a click on its header: ascending,
 * descending; empty cells last, texts in the language's order), and the totals as a sticky
 * footer. Cells are formatted by their column's type: numbers and dates in the user's locale,
 * money from minor units in the row's currency with two decimals. The grid takes the page's width;
 * its columns' widths and which key columns are pinned to the edges follow the box's width
 * (`gridLayout`, lib/grid-layout.ts; issue 20), the totals row in the same order, so the key
 * figures and their sums are in view without scrolling sideways.
 */
import { Center, Loader, Table, Text } from '@mantine/core';
import type { Report, ReportCell, ReportColumn, ReportRow } from '@portal/domain';
import { type ColumnDef, getCoreRowModel, getSortedRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { type RefObject, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pinnedCell, type VirtualColumnLayout, VirtualTable } from '../../../components/virtual-table/VirtualTable';
import { formatDateTime, formatMoney, formatNumber, formatPlainDate } from '../../../lib/format';
import { useFillViewport } from '../../../lib/use-fill-viewport';
import { figureTypes, gridLayout } from '../lib/grid-layout';

const ROW_HEIGHT = 37;
/** Room under the grid for the row count and the page's bottom padding. */
const FOOTER_ROOM = 56;
/** Rows looked at for a column's longest text. */
const SAMPLE_ROWS = 1000;

/** The inner width (px) of the element `ref` points to, followed as the window and the page change. */
function useInnerWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

interface ReportGridProps {
  title: string;
  /** What the grid shows of a report: its columns, rows and totals (the statement's movements are shown the same way). */
  report: Pick<Report, 'columns' | 'rows' | 'totals'> | undefined;
  loading: boolean;
  error: boolean;
  /** The report's key columns (lib/reports.ts), pinned when the columns are wider than the box. */
  keyColumns: readonly string[];
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

export function ReportGrid({ title, report, loading, error, keyColumns }: ReportGridProps) {
  const { t, i18n } = useTranslation('reports');
  const cellText = useCellText();
  const scrollRef = useRef<HTMLDivElement>(null);
  // On a phone the box takes most of the window (useFillViewport's phone rule).
  const height = useFillViewport(scrollRef, { below: FOOTER_ROOM, min: 240 });
  const boxWidth = useInnerWidth(scrollRef);
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
          // A text may end in an ellipsis: in full on hover, and when the row has the focus (expandFocusedRow).
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
  const totals = useMemo(() => report?.totals ?? {}, [report]);
  // Each column's longest text as shown (of the first rows) and its total's: what its width follows.
  const [longest, totalLengths] = useMemo(() => {
    const lengths = new Map<string, number>();
    const sums = new Map<string, number>();
    for (const column of columns) {
      sums.set(column.key, cellText(column, totals[column.key] ?? null, totals.currency ?? null).length);
      let most = 0;
      for (const row of rows.slice(0, SAMPLE_ROWS)) {
        const value = row[column.key] ?? null;
        const length =
          column.type === 'text' ? (typeof value === 'string' ? value.length : 0) : cellText(column, value, row.currency ?? null).length;
        if (length > most) most = length;
      }
      lengths.set(column.key, most);
    }
    return [lengths, sums];
  }, [columns, rows, totals, cellText]);
  const grid = useMemo(
    () => gridLayout({ columns, longest, totals: totalLengths, boxWidth, keyColumns }),
    [columns, longest, totalLengths, boxWidth, keyColumns],
  );

  const table = useReactTable({
    data,
    columns: columnDefs,
    state: { sorting, columnPinning: { left: grid.left, right: grid.right } },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
  });

  const layout = (id: string): VirtualColumnLayout => {
    const column = columns.find((c) => c.key === id);
    const current = sorting[0]?.id === id ? (sorting[0].desc ? 'descending' : 'ascending') : 'none';
    return {
      width: grid.widths.get(id),
      align: column && figureTypes.has(column.type) ? 'right' : undefined,
      pin: grid.pins.get(id),
      sort: {
        direction: current,
        onToggle: () => setSorting([{ id, desc: current === 'ascending' }]),
      },
    };
  };
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
      minWidth={grid.total}
      rowHeight={ROW_HEIGHT}
      layout={layout}
      wrapHeaders
      expandFocusedRow
      getRowKey={(_row, index) => index}
      status={status}
      footer={
        hasTotals && rows.length > 0 ? (
          <Table.Tr aria-rowindex={rows.length + 2}>
            {/* In the columns' order as shown (pinned ones at the edges); the label in the first, which never has a total. */}
            {grid.order.map((key, index) => {
              const column = columns.find((c) => c.key === key) as ReportColumn;
              return (
                <Table.Td key={key} ta={figureTypes.has(column.type) ? 'right' : undefined} {...pinnedCell(grid.pins.get(key))}>
                  {totals[key] !== undefined
                    ? cellText(column, totals[key] ?? null, totals.currency ?? null)
                    : index === 0
                      ? t('grid.totals')
                      : ''}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ) : undefined
      }
    />
  );
}
