/**
 * The orders grid (spec sections 7 and 9): the acting location's orders, 50 rows at a time.
 * Scrolling within 1000 px of the bottom (checked 100 ms after scrolling stops) shows 50 more;
 * when the 1000 fetched rows are all shown the next 1000 are fetched. Rows are virtualised
 * (TanStack Virtual), focusable, and open the order on click or Enter; ArrowUp/ArrowDown move
 * between rows. Sortable headers are buttons inside headers that carry aria-sort. The grid fills
 * the window down to its footer, so "{shown} of {total}" is always in view. With `selection`, a
 * first column holds a checkbox on the rows that can be chosen (drafts, for "send drafts").
 */
import { Center, Checkbox, Group, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { OrderSummary } from '@portal/domain';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useFillViewport } from '../../../lib/use-fill-viewport';
import { type OrdersFilter, useOrders } from '../api/get-orders';
import { notifyError } from '../lib/notify';
import { type OrdersView, SEARCH_WAIT_MS } from '../lib/use-orders-view';
import { DebouncedTextInput } from './DebouncedTextInput';
import { columnLayout, gridWidth, type OrderColumnId, useOrderColumns } from './orders-columns';
import classes from './orders-grid.module.css';

/** Rows added per step, distance to the bottom that adds them, and the scroll debounce (spec section 9). */
export const PAGE_SIZE = 50;
export const NEAR_BOTTOM_PX = 1000;
export const SCROLL_DEBOUNCE_MS = 100;
const ROW_HEIGHT = 41;
/** Room under the grid for its footer and the page's bottom padding. */
const FOOTER_ROOM = 64;
const SELECT_WIDTH = 40;

/** Rows the user may choose, and what is chosen. */
export interface GridSelection {
  selected: ReadonlySet<number>;
  canSelect: (order: OrderSummary) => boolean;
  onChange: (ids: number[], selected: boolean) => void;
}

interface OrdersGridProps {
  filter: OrdersFilter;
  view: OrdersView;
  onViewChange: (patch: Partial<OrdersView>) => void;
  /** Where a row opens: `/app/<detailPath>/<id>`. */
  detailPath: string;
  /** The route of the list, so the order's back link returns to it. */
  listPath: string;
  selection?: GridSelection;
}

/** The grid with its column filters and the "{shown} of {total}" footer. */
export function OrdersGrid({ filter, view, onViewChange, detailPath, listPath, selection }: OrdersGridProps) {
  const { t, i18n } = useTranslation('orders');
  const navigate = useNavigate();
  const location = useLocation();
  const query = useOrders(filter);
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;
  const [shown, setShown] = useState(PAGE_SIZE);
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFillViewport(scrollRef, { below: FOOTER_ROOM, min: 200 });
  const visibleCount = Math.min(shown, rows.length);
  const table = useReactTable({
    data: rows,
    columns: useOrderColumns(),
    getCoreRowModel: getCoreRowModel(),
  });
  const tableRows = table.getRowModel().rows;

  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts again at the first 50 rows, at the top.
  useEffect(() => {
    setShown(PAGE_SIZE);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [filterKey]);

  useEffect(() => {
    if (query.error) notifyError(t('list.loadFailed'), query.error.message);
  }, [query.error, t]);

  // All fetched rows shown and the user wants more: fetch the next block of 1000.
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = query;
  useEffect(() => {
    if (shown > rows.length && hasNextPage && !isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [shown, rows.length, hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);

  const counts = useRef({ rows: 0, total: 0 });
  counts.current = { rows: rows.length, total };
  const showMoreIfNearBottom = useCallback(() => {
    const element = scrollRef.current;
    if (!element || element.scrollHeight - element.scrollTop - element.clientHeight >= NEAR_BOTTOM_PX) return;
    setShown((current) => (current < counts.current.total && current <= counts.current.rows ? current + PAGE_SIZE : current));
  }, []);
  const onScroll = useDebouncedCallback(showMoreIfNearBottom, SCROLL_DEBOUNCE_MS);
  // A tall window may already be within reach of the bottom after rows were added.
  useEffect(() => {
    if (visibleCount > 0) showMoreIfNearBottom();
  }, [visibleCount, showMoreIfNearBottom]);

  const virtualizer = useVirtualizer({
    count: visibleCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = Object.keys(columnLayout).length + (selection ? 1 : 0);

  const open = (id: number) => navigate(`/app/${detailPath}/${id}`, { state: { listPath, listSearch: location.search } });
  const selectable = selection ? rows.slice(0, visibleCount).filter(selection.canSelect) : [];
  const chosen = selectable.filter((order) => selection?.selected.has(order.id)).length;
  const focusRow = (index: number, attempt = 0) => {
    if (index < 0 || index >= visibleCount) return;
    if (attempt === 0) virtualizer.scrollToIndex(index);
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (row) row.focus();
    else if (attempt < 5) requestAnimationFrame(() => focusRow(index, attempt + 1));
  };
  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, id: number) => {
    if (event.key === 'Enter') open(id);
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusRow(index + (event.key === 'ArrowDown' ? 1 : -1));
    }
  };

  const sortBy = (field: NonNullable<(typeof columnLayout)[OrderColumnId]['sortField']>) =>
    onViewChange(field === view.sortField ? { descending: !view.descending } : { sortField: field, descending: field === 'dateSend' });

  const message = query.isPending
    ? null
    : query.isError && rows.length === 0
      ? t('list.loadFailed')
      : rows.length === 0
        ? t('list.empty')
        : null;

  return (
    <>
      <div ref={scrollRef} onScroll={onScroll} className={classes.scroller} style={{ height }}>
        <Table
          layout="fixed"
          stickyHeader
          highlightOnHover
          w="100%"
          miw={gridWidth + (selection ? SELECT_WIDTH : 0)}
          aria-label={t('list.gridLabel')}
          aria-rowcount={total + 2}
        >
          <Table.Thead className={classes.head}>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id} aria-rowindex={1}>
                {selection && (
                  <Table.Th w={SELECT_WIDTH}>
                    <Checkbox
                      size="xs"
                      aria-label={t('drafts.selectAll')}
                      disabled={selectable.length === 0}
                      checked={selectable.length > 0 && chosen === selectable.length}
                      indeterminate={chosen > 0 && chosen < selectable.length}
                      onChange={(event) =>
                        selection.onChange(
                          selectable.map((order) => order.id),
                          event.currentTarget.checked,
                        )
                      }
                    />
                  </Table.Th>
                )}
                {group.headers.map((header) => {
                  const layout = columnLayout[header.column.id as OrderColumnId];
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const active = layout.sortField === view.sortField;
                  const SortIcon = active ? (view.descending ? IconArrowDown : IconArrowUp) : IconArrowsSort;
                  return (
                    <Table.Th
                      key={header.id}
                      w={layout.width}
                      ta={layout.align}
                      aria-sort={layout.sortField ? (active ? (view.descending ? 'descending' : 'ascending') : 'none') : undefined}
                    >
                      {layout.sortField ? (
                        <UnstyledButton className={classes.sortButton} onClick={() => layout.sortField && sortBy(layout.sortField)}>
                          {label}
                          <SortIcon size={14} aria-hidden />
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
            <Table.Tr className={classes.filterRow} aria-rowindex={2}>
              {selection && <Table.Th />}
              {(Object.keys(columnLayout) as OrderColumnId[]).map((id) => {
                const key = columnLayout[id].filter;
                return (
                  <Table.Th key={id}>
                    {key && (
                      <DebouncedTextInput
                        size="xs"
                        value={view[key]}
                        wait={SEARCH_WAIT_MS}
                        onSettled={(text) => onViewChange({ [key]: text })}
                        aria-label={t('list.filterColumn', {
                          column: t(`columns.${id}`),
                        })}
                      />
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
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
                  key={row.original.id}
                  data-index={item.index}
                  tabIndex={0}
                  aria-rowindex={item.index + 3}
                  className={classes.row}
                  onClick={() => open(row.original.id)}
                  onKeyDown={(event) => onRowKeyDown(event, item.index, row.original.id)}
                >
                  {selection && (
                    <Table.Td onClick={(event) => event.stopPropagation()} onKeyDown={(event) => event.stopPropagation()}>
                      {selection.canSelect(row.original) && (
                        <Checkbox
                          size="xs"
                          aria-label={t('drafts.select', { id: row.original.id })}
                          checked={selection.selected.has(row.original.id)}
                          onChange={(event) => selection.onChange([row.original.id], event.currentTarget.checked)}
                        />
                      )}
                    </Table.Td>
                  )}
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td key={cell.id} ta={columnLayout[cell.column.id as OrderColumnId].align}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden>
                <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            )}
            {(query.isPending || message) && (
              <Table.Tr>
                <Table.Td colSpan={columnCount}>
                  <Center py="xl">
                    {query.isPending ? (
                      <Loader size="sm" role="progressbar" aria-label={t('list.loading')} />
                    ) : (
                      <Text c="gray.7">{message}</Text>
                    )}
                  </Center>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </div>
      <Group justify="space-between" mt="xs">
        <Text size="sm" aria-live="polite">
          {t('list.footer', {
            shown: formatNumber(visibleCount, i18n.language),
            total: formatNumber(total, i18n.language),
          })}
        </Text>
        {query.isFetching && !query.isPending && <Loader size="xs" role="progressbar" aria-label={t('list.loading')} />}
      </Group>
    </>
  );
}
