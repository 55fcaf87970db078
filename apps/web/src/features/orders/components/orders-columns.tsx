/**
 * Columns of the orders grid (spec section 7 and issue text): order number, type, status,
 * send date, from, to, own reference, quantity and comment count, with their widths, which
 * of them sort (the server's `orderBy[0].field`) and which carry a column filter.
 */
import { Group, Text } from '@mantine/core';
import type { OrderSummary } from '@portal/domain';
import { IconMessage } from '@tabler/icons-react';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPlainDate } from '../../../lib/format';
import type { OrderSortField } from '../api/get-orders';
import type { OrdersView } from '../lib/use-orders-view';
import { StatusBadge } from './StatusBadge';

export type OrderColumnId = 'id' | 'type' | 'status' | 'dateSend' | 'from' | 'to' | 'reference' | 'quantity' | 'comments';

type ColumnFilterKey = 'filterLocationFrom' | 'filterLocationTo' | 'filterReference';

/**
 * Layout of each column: width in px, alignment, server sort field and column filter. A width
 * holds the longest header of the five languages with its sort icon (sv-SE "Sändningsdatum",
 * da-DK "Afsendelsesdato", en-US "Order no.", "Quantity"), as the grid has it at its minimum
 * width (a phone scrolls it sideways).
 */
export const columnLayout: Record<
  OrderColumnId,
  {
    width: number;
    align?: 'right';
    sortField?: OrderSortField;
    filter?: ColumnFilterKey & keyof OrdersView;
  }
> = {
  id: { width: 115, sortField: 'id' },
  type: { width: 95 },
  status: { width: 155, sortField: 'transactionStatusId' },
  dateSend: { width: 175, sortField: 'dateSend' },
  from: { width: 175, sortField: 'locationNameFrom', filter: 'filterLocationFrom' },
  to: { width: 175, sortField: 'locationNameTo', filter: 'filterLocationTo' },
  reference: { width: 130, filter: 'filterReference' },
  quantity: { width: 110, align: 'right', sortField: 'quantity' },
  comments: { width: 125, align: 'right' },
};

/** The sum of the column widths: the grid's minimum width (wider containers stretch the columns). */
export const gridWidth = Object.values(columnLayout).reduce((sum, column) => sum + column.width, 0);

const helper = createColumnHelper<OrderSummary>();

/** Text that the narrow cell may cut off with an ellipsis; the full text shows on hover. */
function FullText({ text }: { text: string | null }) {
  return text ? <span title={text}>{text}</span> : null;
}

/** Send dates as digits with a four-digit year in every locale (01.12.2025, 12/01/2025). */
const numericDate: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
};

/** The grid's column definitions in the active language. */
export function useOrderColumns(): ColumnDef<OrderSummary, never>[] {
  const { t, i18n } = useTranslation(['orders', 'messages']);
  const locale = i18n.language;
  return useMemo(
    () =>
      [
        helper.accessor('id', { id: 'id', header: t('columns.id') }),
        helper.accessor('transactionTypeId', {
          id: 'type',
          header: t('columns.type'),
          cell: (c) => t(`type.${String(c.getValue())}`),
        }),
        helper.accessor('transactionStatusId', {
          id: 'status',
          header: t('columns.status'),
          cell: (c) => <StatusBadge statusId={c.getValue()} compact />,
        }),
        helper.accessor('dateSend', {
          id: 'dateSend',
          header: t('columns.dateSend'),
          cell: (c) => formatPlainDate(c.getValue(), locale, numericDate),
        }),
        helper.accessor('locationNameFrom', {
          id: 'from',
          header: t('columns.from'),
          cell: (c) => <FullText text={c.getValue()} />,
        }),
        helper.accessor('locationNameTo', {
          id: 'to',
          header: t('columns.to'),
          cell: (c) => <FullText text={c.getValue()} />,
        }),
        helper.accessor('referenceOwn', {
          id: 'reference',
          header: t('columns.reference'),
          cell: (c) => <FullText text={c.getValue()} />,
        }),
        helper.accessor('quantity', {
          id: 'quantity',
          header: t('columns.quantity'),
          cell: (c) => formatNumber(c.getValue(), locale),
        }),
        helper.accessor('commentCount', {
          id: 'comments',
          header: t('columns.comments'),
          cell: (c) =>
            c.getValue() > 0 ? (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <IconMessage size={16} aria-hidden />
                <Text span size="sm">
                  {formatNumber(c.getValue(), locale)}
                </Text>
              </Group>
            ) : null,
        }),
      ] as ColumnDef<OrderSummary, never>[],
    [t, locale],
  );
}
