/**
 * The container orders as a grid like the orders grid (issue 11): the shared virtualised table
 * (sticky header, rows focusable, Enter or a click opens the order) with number, status,
 * location (and customer for provider staff), product, quantity, wanted day, reference and who
 * ordered when. On a phone one card per order instead, each a link to the order.
 */
import { Anchor, Box, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { ContainerOrderSummary } from '@portal/domain';
import { type ColumnDef, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { type VirtualColumnLayout, VirtualTable } from '../../../../components/virtual-table/VirtualTable';
import { useFormat } from '../../../../lib/format';
import { useFillViewport } from '../../../../lib/use-fill-viewport';
import { useWide } from '../lib/use-wide';
import { ContainerOrderStatusBadge } from './ContainerOrderStatusBadge';

const ROW_HEIGHT = 41;
/** Room under the grid for the row count and the page's bottom padding. */
const FOOTER_ROOM = 56;

type ColumnId = 'id' | 'status' | 'location' | 'product' | 'quantity' | 'wantedDate' | 'reference' | 'ordered';
const layouts: Record<ColumnId, VirtualColumnLayout> = {
  id: { width: 90 },
  status: { width: 130 },
  location: { width: 240 },
  product: { width: 300 },
  quantity: { width: 90, align: 'right' },
  wantedDate: { width: 120 },
  reference: { width: 140 },
  ordered: { width: 260 },
};

interface ContainerOrdersGridProps {
  list: ContainerOrderSummary[];
  loading: boolean;
  failed: boolean;
  /** Provider staff: the customer beside the location. */
  showsCustomer: boolean;
}

/** A link to one order, named by its number. */
function OrderLink({ order }: { order: ContainerOrderSummary }) {
  const { t } = useTranslation('containerOrders');
  return (
    <Anchor component={Link} to={`/app/containers/orders/${order.id}`} fw={600} size="sm" tabIndex={-1}>
      {t('list.number', { id: order.id })}
    </Anchor>
  );
}

/** The grid, or the cards on a phone; see the file comment. */
export function ContainerOrdersGrid({ list, loading, failed, showsCustomer }: ContainerOrdersGridProps) {
  const { t } = useTranslation('containerOrders');
  const format = useFormat();
  const navigate = useNavigate();
  const wide = useWide();
  const scrollRef = useRef<HTMLDivElement>(null);
  const height = useFillViewport(scrollRef, { below: FOOTER_ROOM, min: 240 });
  const place = (order: ContainerOrderSummary) => (showsCustomer ? `${order.locationName} · ${order.customerName}` : order.locationName);
  const ordered = (order: ContainerOrderSummary) => [format.dateTime(order.createdAt), order.ordered?.name].filter(Boolean).join(' · ');

  // Rebuilt each render: a handful of columns over at most 500 rows.
  const columns: ColumnDef<ContainerOrderSummary>[] = [
    { id: 'id', header: t('columns.id'), cell: ({ row }) => <OrderLink order={row.original} /> },
    { id: 'status', header: t('columns.status'), cell: ({ row }) => <ContainerOrderStatusBadge status={row.original.status} /> },
    { id: 'location', header: t('columns.location'), cell: ({ row }) => <span title={place(row.original)}>{place(row.original)}</span> },
    { id: 'product', header: t('columns.product'), cell: ({ row }) => row.original.productName },
    { id: 'quantity', header: t('columns.quantity'), cell: ({ row }) => format.number(row.original.quantity) },
    {
      id: 'wantedDate',
      header: t('columns.wantedDate'),
      cell: ({ row }) => (row.original.wantedDate ? format.plainDate(row.original.wantedDate) : '–'),
    },
    { id: 'reference', header: t('columns.reference'), cell: ({ row }) => row.original.reference ?? '' },
    { id: 'ordered', header: t('columns.ordered'), cell: ({ row }) => ordered(row.original) },
  ];
  const table = useReactTable({ data: list, columns, getCoreRowModel: getCoreRowModel() });

  const message = loading ? null : failed && list.length === 0 ? t('list.loadFailed') : list.length === 0 ? t('list.empty') : null;
  const status = (loading || message) && (
    <Center py="xl">
      {loading ? <Loader size="sm" role="progressbar" aria-label={t('list.loading')} /> : <Text c="gray.7">{message}</Text>}
    </Center>
  );

  if (!wide) {
    if (loading || message) return <Paper withBorder>{status}</Paper>;
    return (
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('list.gridLabel')}>
        {list.map((order) => (
          <Paper component="li" key={order.id} withBorder radius="sm" p="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Anchor component={Link} to={`/app/containers/orders/${order.id}`} fw={600} size="sm" py={6}>
                {t('list.cardTitle', { id: order.id, quantity: format.number(order.quantity), product: order.productName })}
              </Anchor>
              <Box style={{ flexShrink: 0 }}>
                <ContainerOrderStatusBadge status={order.status} />
              </Box>
            </Group>
            <Text size="xs" c="gray.7" mt={4}>
              {place(order)}
            </Text>
            <Text size="xs" c="gray.7">
              {t('columns.wantedDate')}: {order.wantedDate ? format.plainDate(order.wantedDate) : '–'}
              {order.reference ? ` · ${t('columns.reference')}: ${order.reference}` : ''}
            </Text>
            <Text size="xs" c="gray.7">
              {t('columns.ordered')}: {ordered(order)}
            </Text>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <VirtualTable
      table={table}
      scrollRef={scrollRef}
      height={height}
      label={t('list.gridLabel')}
      ariaRowCount={list.length + 1}
      minWidth={Object.values(layouts).reduce((sum, l) => sum + (l.width ?? 0), 0)}
      rowHeight={ROW_HEIGHT}
      layout={(id) => layouts[id as ColumnId]}
      getRowKey={(order) => order.id}
      onOpen={(order) => navigate(`/app/containers/orders/${order.id}`)}
      status={status}
    />
  );
}
