/**
 * The parties of an order in the dialog: the acting location on its side, and the other party:
 * a depot for a purchase or sale (the provider's default unless one is chosen), the recipient
 * of a delivery (a portal location or an external location), chosen first (spec section 5,
 * "recipient first"; the location picker's rule in api/get-order-locations.ts). An external
 * recipient not yet registered can be added on the spot (the external location dialog).
 */
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Country } from '@portal/domain';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExternalLocations } from '../../../company/external-locations/api';
import { ExternalLocationDialog } from '../../../company/external-locations/ExternalLocationDialog';
import { useOrderLocations } from '../../api/get-order-locations';
import type { OrderFormValues } from '../../lib/order-form';
import type { OrderKind } from '../../lib/order-lists';

interface PartyFieldsProps {
  kind: OrderKind;
  /** The acting location's name (the customer side). */
  ownName: string;
  ownLocationId: number;
  /** The acting location's country: where a new external location starts. */
  ownCountryId?: Country | null;
  values: OrderFormValues;
  onChange: (patch: Partial<OrderFormValues>) => void;
  error?: string;
  /** A return: the other party is one of the sorting depots, and must be chosen. */
  sortingDepotsOnly?: boolean;
}

function Party({ label, name }: { label: string; name: string }) {
  return (
    <Text size="sm">
      <Text span fw={700}>
        {label}:{' '}
      </Text>
      {name}
    </Text>
  );
}

/** The sender and recipient of the order. */
export function PartyFields({ kind, ownName, ownLocationId, ownCountryId, values, onChange, error, sortingDepotsOnly }: PartyFieldsProps) {
  const { t } = useTranslation('orders');
  const [adding, setAdding] = useState(false);
  const typeId = kind === 'purchase' ? 1 : kind === 'sale' ? 2 : 3;
  const locations = useOrderLocations(typeId, ownLocationId);
  const externals = useExternalLocations(kind === 'delivery' && values.recipientKind === 'external');
  const locationData = (locations.data ?? [])
    .filter((l) => !sortingDepotsOnly || l.isSortingDepot)
    .map((l) => ({ value: String(l.id), label: l.number ? `${l.name} (${l.number})` : l.name }));

  if (kind !== 'delivery') {
    const depot = (
      <Select
        label={kind === 'purchase' ? t('dialog.sender') : sortingDepotsOnly ? t('returns.depot') : t('dialog.recipient')}
        required={sortingDepotsOnly}
        placeholder={sortingDepotsOnly ? t('returns.chooseDepot') : t('dialog.senderByProvider')}
        data={locationData}
        value={values.otherLocationId === null ? null : String(values.otherLocationId)}
        onChange={(value) => onChange({ otherLocationId: value === null ? null : Number(value) })}
        searchable
        clearable={!sortingDepotsOnly}
        nothingFoundMessage={t('dialog.nothingFound')}
        error={error}
      />
    );
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {kind === 'purchase' ? (
          <>
            <Party label={t('dialog.recipient')} name={ownName} />
            {depot}
          </>
        ) : (
          <>
            <Party label={t('dialog.sender')} name={ownName} />
            {depot}
          </>
        )}
      </SimpleGrid>
    );
  }

  const externalData = (externals.data ?? []).map((e) => ({ value: String(e.id), label: `${e.name} (${e.locationNumber})` }));
  return (
    <Stack gap="xs">
      <Party label={t('dialog.sender')} name={ownName} />
      <SegmentedControl
        size="sm"
        w="fit-content"
        aria-label={t('dialog.recipientKind')}
        value={values.recipientKind}
        onChange={(value) => onChange({ recipientKind: value as 'location' | 'external', otherLocationId: null, externalLocationId: null })}
        data={[
          { value: 'location', label: t('dialog.recipientLocation') },
          { value: 'external', label: t('dialog.recipientExternal') },
        ]}
      />
      {values.recipientKind === 'location' ? (
        <Select
          label={t('dialog.recipient')}
          required
          placeholder={t('dialog.chooseRecipient')}
          data={locationData}
          value={values.otherLocationId === null ? null : String(values.otherLocationId)}
          onChange={(value) => onChange({ otherLocationId: value === null ? null : Number(value) })}
          searchable
          limit={200}
          nothingFoundMessage={t('dialog.nothingFound')}
          error={error}
        />
      ) : (
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <Select
            label={t('dialog.recipientExternal')}
            required
            placeholder={t('dialog.chooseRecipient')}
            data={externalData}
            value={values.externalLocationId === null ? null : String(values.externalLocationId)}
            onChange={(value) => onChange({ externalLocationId: value === null ? null : Number(value) })}
            searchable
            nothingFoundMessage={externals.isError ? t('dialog.externalUnavailable') : t('dialog.noExternal')}
            error={error}
            style={{ flex: 1 }}
          />
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)} mt={25}>
            {t('external.add')}
          </Button>
        </Group>
      )}
      <ExternalLocationDialog
        opened={adding}
        onClose={() => setAdding(false)}
        defaultCountryId={ownCountryId ?? null}
        onSaved={(saved) => onChange({ externalLocationId: saved.id })}
      />
    </Stack>
  );
}
