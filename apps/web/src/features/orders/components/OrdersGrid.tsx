/**
 * The orders grid (spec sections 7 and 9): the acting location's orders, 50 rows at a time.
 * Scrolling within 1000 px of the bottom (checked 100 ms after scrolling stops) shows 50 more;
 * when the 1000 fetched rows are all shown the next 1000 are fetched. Rows are virtualised
 * (the shared VirtualTable: TanStack Virtual), focusable, and open the order on click or Enter; ArrowUp/ArrowDown move
 * between rows. Sortable headers are buttons inside headers that carry aria-sort. The grid fills
 * the window down to its footer, so "{shown} of {total}" is always in view; on a phone it takes
 * at least 70 % of the window and the page scrolls on to it (useFillViewport). With `selection`, a
 * first column holds a checkbox on the rows that can be chosen (drafts, for "send drafts").
 */
import { Center, Checkbox, Group, Loader, Table, Text } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { OrderSummary } from '@portal/domain';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type VirtualColumnLayout, VirtualTable } from '../../../components/virtual-table/VirtualTable';
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

  const open = (id: number) => navigate(`/app/${detailPath}/${id}`, { state: { listPath, listSearch: location.search } });
  const selectable = selection ? rows.slice(0, visibleCount).filter(selection.canSelect) : [];
  const chosen = selectable.filter((order) => selection?.selected.has(order.id)).length;

  const sortBy = (field: NonNullable<(typeof columnLayout)[OrderColumnId]['sortField']>) =>
    onViewChange(field === view.sortField ? { descending: !view.descending } : { sortField: field, descending: field === 'dateSend' });
  const layout = (id: string): VirtualColumnLayout => {
    const { width, align, sortField } = columnLayout[id as OrderColumnId];
    if (!sortField) return { width, align };
    const active = sortField === view.sortField;
    return {
      width,
      align,
      sort: { direction: active ? (view.descending ? 'descending' : 'ascending') : 'none', onToggle: () => sortBy(sortField) },
    };
  };

  const message = query.isPending
    ? null
    : query.isError && rows.length === 0
      ? t('list.loadFailed')
      : rows.length === 0
        ? t('list.empty')
        : null;

  return (
    <>
      <VirtualTable
        table={table}
        rowCount={visibleCount}
        scrollRef={scrollRef}
        height={height}
        onScroll={onScroll}
        label={t('list.gridLabel')}
        ariaRowCount={total + 2}
        minWidth={gridWidth + (selection ? SELECT_WIDTH : 0)}
        rowHeight={ROW_HEIGHT}
        layout={layout}
        getRowKey={(order) => order.id}
        onOpen={(order) => open(order.id)}
        leading={
          selection && {
            width: SELECT_WIDTH,
            header: (
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
            ),
            cell: (order) =>
              selection.canSelect(order) && (
                <Checkbox
                  size="xs"
                  aria-label={t('drafts.select', { id: order.id })}
                  checked={selection.selected.has(order.id)}
                  onChange={(event) => selection.onChange([order.id], event.currentTarget.checked)}
                />
              ),
          }
        }
        extraHeaderRows={1}
        headerRows={
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
        }
        status={
          (query.isPending || message) && (
            <Center py="xl">
              {query.isPending ? <Loader size="sm" role="progressbar" aria-label={t('list.loading')} /> : <Text c="gray.7">{message}</Text>}
            </Center>
          )
        }
      />
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
