/**
 * The filters of the count list: location, status and the count dates (from <= to), kept in
 * the address (`?locationId=&status=&from=&to=`), so a link such as "Counts to confirm"
 * (`?status=registered`) opens the list filtered and the browser's back button restores it.
 */
import { Button, Group, Select } from '@mantine/core';
import { type CountAuditLocation, countAuditStatuses } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { SetURLSearchParams } from 'react-router';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { useToday } from '../../session/use-today';
import type { CountAuditFilters as Filters } from '../api/get-count-audits';
import { CountLocationSelect } from './CountLocationSelect';

interface CountAuditFiltersProps {
  filters: Filters;
  setParams: SetURLSearchParams;
  locations: readonly CountAuditLocation[];
}

/** The filter row of the count list. */
export function CountAuditFilters({ filters, setParams, locations }: CountAuditFiltersProps) {
  const today = useToday();
  const { t } = useTranslation('counting');
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
  const empty = !filters.locationId && !filters.status && !filters.from && !filters.to;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('filters.label')}>
      {locations.length > 1 && (
        <CountLocationSelect
          label={t('filters.location')}
          placeholder={t('filters.allLocations')}
          locations={locations}
          value={filters.locationId ?? null}
          onChange={(locationId) => set({ locationId })}
          withPending
          clearable
          w={{ base: '100%', xs: 280 }}
        />
      )}
      <Select
        label={t('filters.status')}
        data={[
          { value: '', label: t('filters.allStatuses') },
          ...countAuditStatuses.map((status) => ({ value: status, label: t(`status.${status}`) })),
        ]}
        value={filters.status ?? ''}
        onChange={(status) => set({ status })}
        allowDeselect={false}
        w={{ base: '100%', xs: 220 }}
      />
      <DateRangePickers
        value={{ from: filters.from ?? null, to: filters.to ?? null }}
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
