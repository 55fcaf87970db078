/**
 * The balance screen's location select: the locations of the user's scope (GET
 * BalanceLocations), and with `withAll` first "All locations". Shown only when the scope holds
 * more than one location; with several customers (a chain, provider staff) each location names
 * its customer. Searchable, for a scope of thousands.
 */
import { Select } from '@mantine/core';
import type { BalanceLocation } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import type { LocationChoice } from '../lib/location-choice';

export interface LocationSelectProps {
  locations: readonly BalanceLocation[];
  value: LocationChoice;
  onChange: (value: LocationChoice) => void;
  /** Offer "All locations" (the balance; a product's history is per location). */
  withAll?: boolean;
}

/** The select, or nothing when there is only one location to show. */
export function LocationSelect({ locations, value, onChange, withAll = false }: LocationSelectProps) {
  const { t } = useTranslation('balance');
  if (locations.length < 2) return null;
  const severalCustomers = new Set(locations.map((l) => l.customerId)).size > 1;
  const data = [
    ...(withAll ? [{ value: 'all', label: t('allLocations') }] : []),
    ...locations.map((l) => ({ value: String(l.id), label: severalCustomers ? `${l.name} · ${l.customerName}` : l.name })),
  ];
  return (
    <Select
      label={t('location')}
      data={data}
      value={String(value)}
      onChange={(next) => next && onChange(next === 'all' ? 'all' : Number(next))}
      searchable
      allowDeselect={false}
      limit={300}
      nothingFoundMessage={t('noLocationFound')}
      w={{ base: '100%', sm: 380 }}
    />
  );
}
