/**
 * The other side of a handover (GET PalletReceiptCounterparties): a searchable list of portal
 * locations (any customer's) and the external locations of the location's customer, searched on
 * the server by name, number or GLN as the user types (debounced), the location's trading
 * partners first; each option says its number, place and (external locations) kind, and for one
 * the location does not trade with that the provider approves the receipt first (issue 20); the
 * field shows the chosen one's name with those below it, and what its choice means: the receipt
 * waits for the counterparty's confirmation when its balance moves. The chosen one stays in the
 * list while other searches run.
 */
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { PalletReceiptCounterparty } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/use-session';
import { usePalletReceiptCounterparties } from '../api/pallet-receipts';

const SEARCH_WAIT_MS = 250;

/** `location:12` or `external:5`. */
const keyOf = (party: { kind: string; id: number }) => `${party.kind}:${party.id}`;

interface CounterpartySelectProps {
  locationId: number | null;
  value: PalletReceiptCounterparty | null;
  onChange: (value: PalletReceiptCounterparty | null) => void;
  error?: string;
}

/** The searchable select; see the file comment. */
export function CounterpartySelect({ locationId, value, onChange, error }: CounterpartySelectProps) {
  const { t } = useTranslation('palletReceipts');
  const { status } = useSession();
  const [search, setSearch] = useState('');
  // Provider staff approve their own receipts by writing them: no note for them.
  const approvalNote = (party: PalletReceiptCounterparty) => (!party.trading && !status.isProvider ? t('counterparty.notTrading') : null);
  const consequence = (party: PalletReceiptCounterparty) =>
    [approvalNote(party), party.needsConsent ? t('counterparty.consent', { name: party.name }) : null].filter(Boolean).join(' ');
  // The field shows the name (a phone has room for little more); the list and the line below the
  // field add the number, the place and an external location's kind.
  const details = (party: PalletReceiptCounterparty) =>
    [party.number, party.city, party.kind === 'external' ? t('counterparty.external') : null].filter(Boolean).join(' · ');
  // The chosen party's label in the field is no search term.
  const [term] = useDebouncedValue(value && search === value.name ? '' : search.trim(), SEARCH_WAIT_MS);
  const found = usePalletReceiptCounterparties(locationId, term);
  const parties = [...(found.data ?? [])];
  if (value && !parties.some((party) => keyOf(party) === keyOf(value))) parties.unshift(value);
  return (
    <Select
      label={t('counterparty.label')}
      description={
        value ? [details(value), consequence(value)].filter(Boolean).join(' · ') || t('counterparty.hint') : t('counterparty.hint')
      }
      placeholder={t('counterparty.placeholder')}
      required
      size="md"
      searchable
      clearable
      disabled={locationId === null}
      data={parties.map((party) => ({ value: keyOf(party), label: party.name }))}
      renderOption={({ option }) => {
        const party = parties.find((candidate) => keyOf(candidate) === option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {party && (
              <Text size="xs" c="gray.7">
                {details(party)}
              </Text>
            )}
            {party && approvalNote(party) && (
              <Text size="xs" c="var(--portal-text-warning)">
                {approvalNote(party)}
              </Text>
            )}
          </Stack>
        );
      }}
      // The server has matched the term already (name, number or GLN); Mantine shows its answer as is.
      filter={({ options }) => options}
      value={value ? keyOf(value) : null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(key) => onChange(parties.find((party) => keyOf(party) === key) ?? null)}
      nothingFoundMessage={found.isFetching ? t('counterparty.searching') : t('counterparty.nothingFound')}
      error={error}
      maxDropdownHeight={320}
    />
  );
}
