/**
 * Choosing a location to count or to filter by (GET CountAuditLocations): the caller's company's
 * locations, or for provider staff every location, grouped by customer and searchable; a
 * location with counts awaiting confirmation says how many.
 */
import { Select, type SelectProps } from '@mantine/core';
import type { CountAuditLocation } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export interface CountLocationSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  locations: readonly CountAuditLocation[];
  value: number | null;
  onChange: (locationId: number | null) => void;
  /** Show how many counts await confirmation at each location (the list filter). */
  withPending?: boolean;
}

/** A searchable select of locations, grouped by customer when there are several. */
export function CountLocationSelect({ locations, value, onChange, withPending = false, ...props }: CountLocationSelectProps) {
  const { t } = useTranslation('counting');
  const data = useMemo(() => {
    const option = (l: CountAuditLocation) => ({
      value: String(l.id),
      label: withPending && l.pending > 0 ? t('filters.locationPending', { name: l.name, count: l.pending }) : l.name,
    });
    const customers = [...new Set(locations.map((l) => l.customerName))];
    if (customers.length < 2) return locations.map(option);
    return customers.map((customer) => ({
      group: customer,
      items: locations.filter((l) => l.customerName === customer).map(option),
    }));
  }, [locations, withPending, t]);
  return (
    <Select
      searchable
      nothingFoundMessage="–"
      comboboxProps={{ withinPortal: true }}
      {...props}
      data={data}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : null)}
    />
  );
}
