/**
 * The rows of an import preview (issue 3): row number, the order it joins, the values as read
 * (with what they resolved to) and every problem of the row in red with an icon. Up to 5000
 * rows: the rows are virtualised (TanStack Virtual, measured, as problems make rows taller) in
 * a scroll box that takes keyboard focus.
 */
import { Group, List, Table, Text } from '@mantine/core';
import type { OrdersImportRow } from '@portal/domain';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import classes from './import-preview.module.css';

// Problems come first after the row: they are what the preview is for, and stay in view on narrow screens.
const columns = [
  { id: 'rowNumber', width: 56, align: 'right' },
  { id: 'orderGroup', width: 64, align: 'right' },
  { id: 'problems', width: 280 },
  { id: 'counterpart', width: 180 },
  { id: 'dateSend', width: 110 },
  { id: 'product', width: 180 },
  { id: 'quantity', width: 80, align: 'right' },
  { id: 'referenceOwn', width: 140 },
  { id: 'referenceReceiver', width: 140 },
  { id: 'infoText', width: 150 },
] as const;
const tableWidth = columns.reduce((sum, column) => sum + column.width, 0);
/** Dates as the orders grid writes them (22.11.2026, 11/22/2026). */
const numericDate: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The table of `rows` (already filtered); the box grows with its rows up to `maxHeight` (CSS), then scrolls. */
export function ImportPreviewTable({ rows, maxHeight }: { rows: readonly OrdersImportRow[]; maxHeight: string }) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 37,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  // A value as read, at most three lines (a long text shows whole on hover).
  const clamped = (value: string) => (
    <Text span size="sm" lineClamp={3} title={value.length > 40 ? value : undefined}>
      {value}
    </Text>
  );
  const cell = (row: OrdersImportRow, id: (typeof columns)[number]['id']) => {
    switch (id) {
      case 'rowNumber':
        return row.rowNumber;
      case 'orderGroup':
        return row.orderGroup ?? '';
      case 'counterpart':
        return row.counterpartName ? (
          <>
            {clamped(row.counterpartName)}
            {row.counterpart && (
              <Text span size="xs" c="gray.7" display="block">
                {row.counterpart}
              </Text>
            )}
          </>
        ) : (
          clamped(row.counterpart)
        );
      case 'dateSend':
        return row.dateSend ? format.plainDate(row.dateSend, numericDate) : clamped(row.date);
      case 'product':
        return clamped(row.productName ?? row.product);
      case 'quantity':
        return row.quantityOrdered !== null ? format.number(row.quantityOrdered) : clamped(row.quantity);
      case 'problems':
        return row.problems.length === 0 ? (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden color="var(--mantine-color-green-9)" />
            <Text span size="sm">
              {t('import.noProblems')}
            </Text>
          </Group>
        ) : (
          <List size="sm" spacing={2} listStyleType="none" c="red.9" classNames={{ root: classes.problems, itemWrapper: classes.problem }}>
            {row.problems.map((problem) => (
              <List.Item key={problem} icon={<IconAlertCircle size={16} aria-hidden className={classes.icon} />}>
                {problem}
              </List.Item>
            ))}
          </List>
        );
      default:
        return clamped(row[id]);
    }
  };

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must be reachable by keyboard (WCAG 2.1.1).
    <section ref={scrollRef} className={classes.scroller} style={{ maxHeight }} tabIndex={0} aria-label={t('import.tableLabel')}>
      <Table
        layout="fixed"
        stickyHeader
        w="100%"
        miw={tableWidth}
        aria-label={t('import.tableLabel')}
        aria-rowcount={rows.length + 1}
        verticalSpacing={6}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {columns.map((column) => (
              <Table.Th key={column.id} w={column.width} ta={'align' in column ? column.align : undefined} className={classes.head}>
                {t(`import.columns.${column.id}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <Table.Tr
                key={row.rowNumber}
                data-index={item.index}
                ref={virtualizer.measureElement}
                aria-rowindex={item.index + 2}
                className={row.problems.length ? classes.invalid : undefined}
              >
                {columns.map((column) => (
                  <Table.Td key={column.id} ta={'align' in column ? column.align : undefined} className={classes.cell}>
                    {cell(row, column.id)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columns.length} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </section>
  );
}
