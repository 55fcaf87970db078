/**
 * The filter row of the case list: status, priority, category, location, the days the cases were
 * opened (from <= to), a text, and the sort; kept in the address (lib/filters.ts).
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { type SupportTicketsQuery, supportCategories, supportPriorities, supportStatuses, supportTicketSorts } from '@portal/domain';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetURLSearchParams } from 'react-router';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { useToday } from '../../session/use-today';

interface TicketFiltersProps {
  filters: SupportTicketsQuery;
  setParams: SetURLSearchParams;
  locations: readonly { id: number; name: string }[];
}

/** The filters; see the file comment. */
export function TicketFilters({ filters, setParams, locations }: TicketFiltersProps) {
  const today = useToday();
  const { t } = useTranslation('support');
  const [text, setText] = useState(filters.text ?? '');
  const set = (changes: Record<string, string | number | boolean | null | undefined>) =>
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
  // The text filter follows typing after a short pause (spec section 9: search wait 250 ms).
  useEffect(() => {
    if ((filters.text ?? '') === text.trim()) return;
    const timer = setTimeout(() => set({ text: text.trim() }), 250);
    return () => clearTimeout(timer);
  });
  const any = (key: string) => ({ value: '', label: t(key) });
  const width = { base: '100%', xs: 180 };
  const empty = Object.keys(filters).filter((k) => k !== 'sort' && k !== 'descending').length === 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
      <TextInput
        label={t('filters.text')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
        w={{ base: '100%', xs: 220 }}
        maxLength={100}
      />
      <Select
        label={t('filters.status')}
        data={[any('filters.openStatuses'), ...supportStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
        value={filters.status ?? ''}
        onChange={(status) => set({ status })}
        allowDeselect={false}
        w={width}
      />
      <Select
        label={t('filters.priority')}
        data={[any('filters.any'), ...supportPriorities.map((p) => ({ value: p, label: t(`priority.${p}`) }))]}
        value={filters.priority ?? ''}
        onChange={(priority) => set({ priority })}
        allowDeselect={false}
        w={width}
      />
      <Select
        label={t('filters.category')}
        data={[any('filters.any'), ...supportCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))]}
        value={filters.category ?? ''}
        onChange={(category) => set({ category })}
        allowDeselect={false}
        w={width}
      />
      {locations.length > 1 && (
        <Select
          label={t('filters.location')}
          data={[any('filters.allLocations'), ...locations.map((l) => ({ value: String(l.id), label: l.name }))]}
          value={filters.locationId ? String(filters.locationId) : ''}
          onChange={(locationId) => set({ locationId })}
          allowDeselect={false}
          searchable
          w={{ base: '100%', xs: 240 }}
        />
      )}
      <DateRangePickers
        value={{ from: filters.from ?? null, to: filters.to ?? null }}
        onChange={(range) => set({ from: range.from, to: range.to })}
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        max={today}
        pickerProps={{ allDaysOpen: true, w: 170 }}
      />
      <Select
        label={t('sort.label')}
        data={supportTicketSorts.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
        value={filters.sort ?? 'updatedAt'}
        onChange={(sort) => set({ sort })}
        allowDeselect={false}
        w={width}
      />
      <Select
        label={t('sort.direction')}
        data={[
          { value: 'true', label: t('sort.descending') },
          { value: 'false', label: t('sort.ascending') },
        ]}
        value={filters.descending === false ? 'false' : 'true'}
        onChange={(value) => set({ descending: value === 'false' ? 'false' : null })}
        allowDeselect={false}
        w={width}
      />
      {!empty && (
        <Button
          variant="subtle"
          onClick={() => {
            setText('');
            setParams(new URLSearchParams(), { replace: true });
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
