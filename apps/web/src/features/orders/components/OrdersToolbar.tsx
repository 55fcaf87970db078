/**
 * Search and filters above the orders grid (spec section 7): a prefix search over order
 * number, own reference and party names, a multi-select of statuses, and a send-date range
 * whose from day cannot pass its to day.
 */
import { Button, Group, MultiSelect } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { allStatusIds } from '../lib/status';
import { type OrdersView, SEARCH_WAIT_MS } from '../lib/use-orders-view';
import { DebouncedTextInput } from './DebouncedTextInput';

interface OrdersToolbarProps {
  view: OrdersView;
  onViewChange: (patch: Partial<OrdersView>) => void;
}

/** The search box, the status filter, the send-date range and a button that clears them all. */
export function OrdersToolbar({ view, onViewChange }: OrdersToolbarProps) {
  const { t } = useTranslation(['orders', 'messages']);
  const filtered =
    view.term ||
    view.statuses.length ||
    view.sendLower ||
    view.sendUpper ||
    view.filterLocationFrom ||
    view.filterLocationTo ||
    view.filterReference;
  return (
    <Group align="flex-end" gap="sm">
      <DebouncedTextInput
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={view.term}
        wait={SEARCH_WAIT_MS}
        onSettled={(term) => onViewChange({ term })}
        w={{ base: '100%', xs: 260 }}
      />
      <MultiSelect
        label={t('list.status')}
        placeholder={view.statuses.length ? undefined : t('list.allStatuses')}
        data={allStatusIds.map((id) => ({
          value: String(id),
          label: t(`status.${id}`, { ns: 'messages' }),
        }))}
        value={view.statuses.map(String)}
        onChange={(values) => onViewChange({ statuses: values.map(Number) })}
        clearable
        clearButtonProps={{ 'aria-label': t('list.clearStatuses') }}
        w={{ base: '100%', xs: 300 }}
        styles={{ options: { maxHeight: 320 } }}
      />
      <DateRangePickers
        value={{ from: view.sendLower, to: view.sendUpper }}
        onChange={(range) => onViewChange({ sendLower: range.from, sendUpper: range.to })}
        fromLabel={t('list.sendFrom')}
        toLabel={t('list.sendTo')}
        // As wide as its label and "any date" need in the language (Swedish, Finnish), at least 170 px.
        pickerProps={{
          allDaysOpen: true,
          miw: 170,
          placeholder: t('list.anyDate'),
        }}
      />
      {filtered && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() =>
            onViewChange({
              term: '',
              statuses: [],
              sendLower: null,
              sendUpper: null,
              filterLocationFrom: '',
              filterLocationTo: '',
              filterReference: '',
            })
          }
        >
          {t('list.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
