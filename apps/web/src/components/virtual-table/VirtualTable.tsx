/**
 * The portal's virtualised table (TanStack Table for the model, TanStack Virtual for the rows):
 * a scroll box of a given height with a sticky header, only the rows in view (plus an overscan)
 * in the DOM, each row focusable (ArrowUp/ArrowDown move between rows, Enter or a click opens it
 * when `onOpen` is given), sortable headers as buttons inside headers that carry aria-sort, an
 * optional leading column (checkboxes), extra header rows (column filters), a full-width status
 * row (loading, empty), a sticky footer (totals), columns pinned to the box's left or right edge
 * while the rest scrolls sideways between them (`layout(...).pin`; the cells in the table's
 * column order, which TanStack's column pinning sets), header labels that wrap (`wrapHeaders`),
 * and a focused row that shows its cells' texts in full, wrapped (`expandFocusedRow`: the
 * keyboard's way to what an ellipsis cut). The orders grid and the reports use it; the caller
 * owns the data, paging and sorting.
 */
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { flexRender, type Table as TanstackTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { CSSProperties, KeyboardEvent, ReactNode, RefObject, UIEvent } from 'react';
import classes from './virtual-table.module.css';

/** A column pinned to an edge of the box: its side, its distance from that edge (px), and whether it is the innermost. */
export interface ColumnPin {
  side: 'left' | 'right';
  offset: number;
  edge: boolean;
}

/** How a column sits and sorts. */
export interface VirtualColumnLayout {
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** A sortable column: its current direction and what a click on its header does. */
  sort?: { direction: 'ascending' | 'descending' | 'none'; onToggle: () => void };
  /** Pinned to the box's edge while the other columns scroll sideways. */
  pin?: ColumnPin;
}

/** The class and style that pin a cell (header, body or footer) of a pinned column; nothing for another. */
export function pinnedCell(pin: ColumnPin | undefined): { className?: string; style?: CSSProperties } {
  if (!pin) return {};
  const edge = pin.edge ? ` ${pin.side === 'left' ? classes.edgeLeft : classes.edgeRight}` : '';
  return { className: `${classes.pinned}${edge}`, style: { [pin.side]: pin.offset } };
}

/** A first column of its own before the table's columns (e.g. checkboxes to choose rows). */
export interface LeadingColumn<T> {
  width: number;
  header: ReactNode;
  cell: (row: T) => ReactNode;
}

export interface VirtualTableProps<T> {
  table: TanstackTable<T>;
  /** How many of the table's rows to show (the first ones); default all. */
  rowCount?: number;
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Height of the scroll box in px. */
  height: number;
  onScroll?: (event: UIEvent<HTMLDivElement>) => void;
  /** Accessible name of the table. */
  label: string;
  /** aria-rowcount: every row the table stands for (also those not fetched), header rows included. */
  ariaRowCount: number;
  minWidth: number;
  rowHeight: number;
  layout: (columnId: string) => VirtualColumnLayout;
  /** Rows after the header row (e.g. column filters); `extraHeaderRows` says how many. */
  headerRows?: ReactNode;
  extraHeaderRows?: number;
  leading?: LeadingColumn<T>;
  getRowKey: (row: T, index: number) => string | number;
  onOpen?: (row: T) => void;
  /** A full-width row after the rows (a loader, "nothing found"). */
  status?: ReactNode;
  /** Rows of the sticky footer (e.g. totals), as <Table.Tr> elements (pinned cells: `pinnedCell`). */
  footer?: ReactNode;
  /** Header labels wrap onto more lines instead of widening their columns. */
  wrapHeaders?: boolean;
  /** The focused row shows its cells' texts in full, wrapped (a cut text's keyboard way in). */
  expandFocusedRow?: boolean;
}

/** The table in its scroll box; see the file comment. */
export function VirtualTable<T>({
  table,
  rowCount,
  scrollRef,
  height,
  onScroll,
  label,
  ariaRowCount,
  minWidth,
  rowHeight,
  layout,
  headerRows,
  extraHeaderRows = 0,
  leading,
  getRowKey,
  onOpen,
  status,
  footer,
  wrapHeaders = false,
  expandFocusedRow = false,
}: VirtualTableProps<T>) {
  const tableRows = table.getRowModel().rows;
  const count = Math.min(rowCount ?? tableRows.length, tableRows.length);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const headerGroups = table.getHeaderGroups();
  const firstBodyRow = headerGroups.length + extraHeaderRows + 1;
  const columnCount = table.getVisibleLeafColumns().length + (leading ? 1 : 0);

  const focusRow = (index: number, attempt = 0) => {
    if (index < 0 || index >= count) return;
    if (attempt === 0) virtualizer.scrollToIndex(index);
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) row.focus();
    else if (attempt < 5) requestAnimationFrame(() => focusRow(index, attempt + 1));
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    if (event.key === 'Enter') onOpen?.(row);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className={[classes.scroller, wrapHeaders && classes.wrapHeaders, expandFocusedRow && classes.expandFocusedRow]
        .filter(Boolean)
        .join(' ')}
      style={{ height }}
    >
      <Table layout="fixed" stickyHeader highlightOnHover w="100%" miw={minWidth} aria-label={label} aria-rowcount={ariaRowCount}>
        <Table.Thead className={classes.head}>
          {headerGroups.map((group, groupIndex) => (
            <Table.Tr key={group.id} aria-rowindex={groupIndex + 1}>
              {leading && <Table.Th w={leading.width}>{leading.header}</Table.Th>}
              {group.headers.map((header) => {
                const { width, align, sort, pin } = layout(header.column.id);
                const text = flexRender(header.column.columnDef.header, header.getContext());
                const SortIcon =
                  sort?.direction === 'descending' ? IconArrowDown : sort?.direction === 'ascending' ? IconArrowUp : IconArrowsSort;
                return (
                  <Table.Th key={header.id} w={width} ta={align} aria-sort={sort?.direction} {...pinnedCell(pin)}>
                    {sort ? (
                      <UnstyledButton className={classes.sortButton} onClick={sort.onToggle}>
                        {text}
                        <SortIcon size={14} aria-hidden />
                      </UnstyledButton>
                    ) : (
                      text
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          ))}
          {headerRows}
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = tableRows[item.index];
            if (!row) return null;
            return (
              <Table.Tr
                key={getRowKey(row.original, item.index)}
                data-index={item.index}
                tabIndex={0}
                aria-rowindex={item.index + firstBodyRow}
                className={`${classes.row}${onOpen ? ` ${classes.clickable}` : ''}`}
                style={{ height: rowHeight }}
                onClick={onOpen ? () => onOpen(row.original) : undefined}
                onKeyDown={(event) => onRowKeyDown(event, item.index, row.original)}
              >
                {leading && (
                  <Table.Td onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                    {leading.cell(row.original)}
                  </Table.Td>
                )}
                {row.getVisibleCells().map((cell) => {
                  const { align, pin } = layout(cell.column.id);
                  return (
                    <Table.Td key={cell.id} ta={align} {...pinnedCell(pin)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
          {status && (
            <Table.Tr>
              <Table.Td colSpan={columnCount} p={0}>
                {/* In view however wide the table: a table wider than its box would centre it off screen. */}
                <div className={classes.status}>{status}</div>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
        {footer && <Table.Tfoot className={classes.foot}>{footer}</Table.Tfoot>}
      </Table>
    </div>
  );
}
