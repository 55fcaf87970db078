/**
 * The filters of the container-order list, kept in the address (lib/filters.ts): location (when
 * the caller has several), statuses, a date range on the ordered or the wanted day, and a term
 * (order number or reference; searched 250 ms after typing stops, spec section 9).
 */
import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { type ContainerOrderOptions, containerOrderStatuses } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetURLSearchParams } from 'react-router';
import { DateRangePickers } from '../../../../components/open-day-date-picker/DateRangePickers';
import type { ContainerOrderFilters as Filters } from '../api/get-container-orders';

/** Spec section 9: "status search wait 250 ms". */
const SEARCH_WAIT_MS = 250;

interface ContainerOrderFiltersProps {
  filters: Filters;
  setParams: SetURLSearchParams;
  locations: ContainerOrderOptions['locations'];
}

/** The filter row; see the file comment. */
export function ContainerOrderFilters({ filters, setParams, locations }: ContainerOrderFiltersProps) {
  const { t } = useTranslation('containerOrders');
  const [term, setTerm] = useState(filters.term ?? '');
  const set = (changes: Partial<Record<keyof Filters, string | number | null | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  const search = useDebouncedCallback((value: string) => set({ term: value.trim() }), SEARCH_WAIT_MS);
  const empty = !filters.locationId && !filters.status && !filters.from && !filters.to && !filters.term && !filters.dateField;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
      <TextInput
        label={t('filters.term')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          search(event.currentTarget.value);
        }}
        maxLength={100}
        w={{ base: '100%', xs: 200 }}
      />
      {locations.length > 1 && (
        <Select
          label={t('filters.location')}
          placeholder={t('filters.allLocations')}
          data={locations.map((l) => ({ value: String(l.id), label: `${l.name} (${l.customerName})` }))}
          value={filters.locationId ? String(filters.locationId) : null}
          onChange={(value) => set({ locationId: value })}
          searchable
          clearable
          w={{ base: '100%', xs: 280 }}
        />
      )}
      <MultiSelect
        label={t('filters.status')}
        placeholder={filters.status?.length ? undefined : t('filters.allStatuses')}
        data={containerOrderStatuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={filters.status ?? []}
        onChange={(values) => set({ status: values.join(',') })}
        clearable
        w={{ base: '100%', xs: 260 }}
      />
      <Select
        label={t('filters.dateField')}
        data={[
          { value: 'created', label: t('filters.created') },
          { value: 'wanted', label: t('filters.wanted') },
        ]}
        value={filters.dateField ?? 'created'}
        onChange={(value) => set({ dateField: value === 'wanted' ? 'wanted' : null })}
        allowDeselect={false}
        w={{ base: '100%', xs: 170 }}
      />
      <DateRangePickers
        value={{ from: filters.from ?? null, to: filters.to ?? null }}
        onChange={(range) => set({ from: range.from, to: range.to })}
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        pickerProps={{ allDaysOpen: true, w: 160 }}
      />
      {!empty && (
        <Button
          variant="subtle"
          onClick={() => {
            setTerm('');
            setParams(new URLSearchParams(), { replace: true });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
