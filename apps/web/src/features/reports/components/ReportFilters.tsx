/**
 * The filters of a report page (issue 8: "each has the filters that fit it"): the period (from /
 * to, from <= to, at most REPORT_MAX_DAYS apart as the server allows; issue 20) or one day for balances, customer and location of the user's scope, product
 * and order kind. Each change reloads the report; "Reset filters" returns to the defaults.
 */
import { Button, Group, Select } from '@mantine/core';
import { REPORT_MAX_DAYS } from '@portal/domain';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateRangePickers } from '../../../components/open-day-date-picker/DateRangePickers';
import { OpenDayDatePicker } from '../../../components/open-day-date-picker/OpenDayDatePicker';
import { useAllProducts } from '../../orders/api/get-products';
import { useToday } from '../../session/use-today';
import type { ScopeOption } from '../api/report-scope';
import type { ReportFilterKey } from '../lib/reports';
import type { ReportFilters as Filters } from '../lib/use-report-filters';

interface ReportFiltersProps {
  keys: readonly ReportFilterKey[];
  value: Filters;
  onChange: (patch: Partial<Filters>) => void;
  onReset: () => void;
  /** The scope's customers and locations (null: not known to this user; those filters are left out). */
  scope: { customers: { id: number; name: string }[]; locations: ScopeOption[] } | null;
}

const SELECT_WIDTH = 240;

export function ReportFilters({ keys, value, onChange, onReset, scope }: ReportFiltersProps) {
  const { t } = useTranslation('reports');
  const products = useAllProducts(keys.includes('product'));
  const has = (key: ReportFilterKey) => keys.includes(key);
  const locations = (scope?.locations ?? []).filter((l) => value.customerId === null || l.customerId === value.customerId);
  const toOptions = (list: { id: number; name: string }[]) => list.map((item) => ({ value: String(item.id), label: item.name }));
  const idOf = (text: string | null) => (text ? Number(text) : null);
  const today = useToday();

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={t('filters.label')}>
      {has('period') && (
        <DateRangePickers
          value={{ from: value.from, to: value.to }}
          onChange={(range) => onChange({ from: range.from ?? undefined, to: range.to ?? undefined })}
          fromLabel={t('filters.from')}
          toLabel={t('filters.to')}
          max={today}
          maxDays={REPORT_MAX_DAYS}
          pickerProps={{ allDaysOpen: true, clearable: false, w: 150 }}
        />
      )}
      {has('balancesAt') && (
        <OpenDayDatePicker
          label={t('filters.balancesAt')}
          value={value.to}
          max={today}
          allDaysOpen
          clearable={false}
          w={150}
          onChange={(day) => day && onChange({ from: day, to: day })}
        />
      )}
      {has('customer') && scope && scope.customers.length > 1 && (
        <Select
          label={t('filters.customer')}
          placeholder={t('filters.all')}
          data={toOptions(scope.customers)}
          value={value.customerId === null ? null : String(value.customerId)}
          onChange={(text) => onChange({ customerId: idOf(text), locationId: null })}
          searchable
          clearable
          w={SELECT_WIDTH}
        />
      )}
      {has('location') && scope && scope.locations.length > 1 && (
        <Select
          label={t('filters.location')}
          placeholder={t('filters.all')}
          data={toOptions(locations)}
          value={value.locationId === null ? null : String(value.locationId)}
          onChange={(text) => onChange({ locationId: idOf(text) })}
          searchable
          clearable
          w={SELECT_WIDTH}
        />
      )}
      {has('product') && (
        <Select
          label={t('filters.product')}
          placeholder={t('filters.all')}
          data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={value.productId === null ? null : String(value.productId)}
          onChange={(text) => onChange({ productId: idOf(text) })}
          searchable
          clearable
          w={SELECT_WIDTH}
        />
      )}
      {has('orderKind') && (
        <Select
          label={t('filters.orderKind')}
          placeholder={t('filters.all')}
          data={['1', '2', '3'].map((kind) => ({ value: kind, label: t(`filters.kinds.${kind}`) }))}
          value={value.transactionTypeId === null ? null : String(value.transactionTypeId)}
          onChange={(text) => onChange({ transactionTypeId: idOf(text) })}
          clearable
          w={190}
        />
      )}
      <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onReset}>
        {t('filters.reset')}
      </Button>
    </Group>
  );
}
