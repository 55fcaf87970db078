/**
 * The filter row of the email archive: topic, sent or not, to customer (provider staff only:
 * the server offers customers to them alone), to user, from location and the date range (from
 * cannot exceed to), kept in the address. The choices come from GET EmailArchiveFilters.
 */
import { Button, Group, Select } from '@mantine/core';
import type { EmailArchiveFilters } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { SetURLSearchParams } from 'react-router';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { useToday } from '../../session/use-today';
import type { ArchiveFilters } from './api';
import { useTopicLabel } from './labels';

interface FilterBarProps {
  filters: ArchiveFilters;
  choices: EmailArchiveFilters | undefined;
  setParams: SetURLSearchParams;
}

/** The filter row. */
export function EmailArchiveFilterBar({ filters, choices, setParams }: FilterBarProps) {
  const today = useToday();
  const { t } = useTranslation('emailArchive');
  const topicLabel = useTopicLabel();
  const set = (changes: Record<string, string | number | null | undefined>) =>
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
  const empty = Object.values(filters).every((value) => value === undefined);
  const width = { base: '100%', xs: 240 };
  /** A searchable choice of one party (customer, user, location) kept under `key` in the address. */
  const partySelect = (
    key: 'toCustomerId' | 'toUserId' | 'fromLocationId',
    label: string,
    list: readonly { id: number; name: string }[] | undefined,
  ) => (
    <Select
      label={t(label)}
      placeholder={t('filters.any')}
      data={(list ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
      value={filters[key] ? String(filters[key]) : null}
      onChange={(value) => set({ [key]: value })}
      searchable
      clearable
      limit={200}
      nothingFoundMessage={t('filters.nothingFound')}
      w={width}
    />
  );
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
      <Select
        label={t('filters.topic')}
        placeholder={t('filters.any')}
        data={(choices?.topics ?? []).map((topic) => ({ value: topic, label: topicLabel(topic) }))}
        value={filters.topic ?? null}
        onChange={(topic) => set({ topic })}
        clearable
        w={width}
      />
      <Select
        label={t('filters.sent')}
        data={[
          { value: '', label: t('filters.any') },
          { value: 'true', label: t('filters.sentYes') },
          { value: 'false', label: t('filters.sentNo') },
        ]}
        value={filters.sent === undefined ? '' : String(filters.sent)}
        onChange={(sent) => set({ sent })}
        allowDeselect={false}
        w={width}
      />
      {(choices?.customers.length ?? 0) > 0 && partySelect('toCustomerId', 'filters.toCustomer', choices?.customers)}
      {partySelect('toUserId', 'filters.toUser', choices?.users)}
      {partySelect('fromLocationId', 'filters.fromLocation', choices?.locations)}
      <DateRangePickers
        value={{ from: filters.dateFrom ?? null, to: filters.dateTo ?? null }}
        onChange={(range) => set({ from: range.from, to: range.to })}
        fromLabel={t('filters.from')}
        toLabel={t('filters.to')}
        max={today}
        pickerProps={{ allDaysOpen: true, w: 170 }}
      />
      {!empty && (
        <Button variant="subtle" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}
