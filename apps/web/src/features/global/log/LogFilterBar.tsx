/**
 * The filter row of the log: the date range (local days), user (part of a login name or name),
 * kind and a text search, kept in the address. Texts apply after a pause in typing.
 */
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { logKinds } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { SetURLSearchParams } from 'react-router';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { useToday } from '../../session/use-today';
import type { LogFilters } from '../api/log';

interface FilterBarProps {
  filters: LogFilters;
  setParams: SetURLSearchParams;
}

/** The filter row. */
export function LogFilterBar({ filters, setParams }: FilterBarProps) {
  const today = useToday();
  const { t } = useTranslation('log');
  const set = (changes: Record<string, string | null | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  const typed = useDebouncedCallback((key: 'user' | 'text', value: string) => set({ [key]: value.trim() }), 400);
  const empty = Object.values(filters).every((value) => value === undefined);
  const width = { base: '100%', xs: 220 };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('log.filters.label')}>
      <DateRangePickers
        value={{ from: filters.from ?? null, to: filters.to ?? null }}
        onChange={(range) => set({ from: range.from, to: range.to })}
        fromLabel={t('log.filters.from')}
        toLabel={t('log.filters.to')}
        max={today}
        pickerProps={{ allDaysOpen: true, w: 170 }}
      />
      <TextInput
        key={`user-${filters.user ?? ''}`}
        label={t('log.filters.user')}
        defaultValue={filters.user ?? ''}
        onChange={(event) => typed('user', event.currentTarget.value)}
        w={width}
      />
      <Select
        label={t('log.filters.kind')}
        placeholder={t('log.filters.any')}
        data={logKinds.map((kind) => ({ value: kind, label: t(`log.kinds.${kind}`) }))}
        value={filters.kind ?? null}
        onChange={(kind) => set({ kind })}
        clearable
        w={width}
      />
      <TextInput
        key={`text-${filters.text ?? ''}`}
        label={t('log.filters.text')}
        description={t('log.filters.textHint')}
        defaultValue={filters.text ?? ''}
        onChange={(event) => typed('text', event.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
      />
      {!empty && (
        <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
          {t('log.filters.clear')}
        </Button>
      )}
    </Group>
  );
}
