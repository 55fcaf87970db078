/**
 * The balance (/app/balance; spec sections 2 and 3 "Inventory"; docs/domain.md, "Balance
 * screen"): per product the pooling and commission balance, credit / owes in money (users with
 * the finance permission), the physical balance of the last confirmed count, in transit in and
 * out, the balance to expect, and the stock levels with their warning. Users whose scope holds
 * several locations pick one, or all of them summed (`?location=`). A product opens its history.
 */
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { useFormat } from '../../../lib/format';
import { PHONE_QUERY } from '../../../lib/use-fill-viewport';
import { useSession } from '../../session/use-session';
import { useBalanceLocations } from '../api/get-balance-locations';
import { useInventory } from '../api/get-inventory';
import { useLocationChoice } from '../lib/location-choice';
import { InventoryCards } from './InventoryCards';
import { InventoryTable } from './InventoryTable';
import { LocationSelect } from './LocationSelect';

/** The route component of /app/balance. */
export function BalancePage() {
  const { t } = useTranslation('balance');
  const { status } = useSession();
  const acting = status.location;
  if (!acting) {
    return (
      <Alert icon={<IconInfoCircle aria-hidden />} title={t('title')} role="status">
        {t('noLocation')}
      </Alert>
    );
  }
  return <Balance actingLocationId={acting.id} />;
}

function Balance({ actingLocationId }: { actingLocationId: number }) {
  const { t } = useTranslation('balance');
  const format = useFormat();
  const phone = useMediaQuery(PHONE_QUERY);
  const [choice, setChoice] = useLocationChoice(actingLocationId);
  const locations = useBalanceLocations();
  const inventory = useInventory(choice);
  const list = locations.data ?? [];
  const shown = choice === 'all' ? null : list.find((l) => l.id === choice);
  const where = choice === 'all' ? t('allLocations') : (shown?.name ?? '');
  const data = inventory.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {choice === 'all' ? t('introAll', { count: list.length }) : t('intro', { location: where })}
          </Text>
        </Stack>
        <LocationSelect locations={list} value={choice} onChange={setChoice} withAll />
      </Group>
      {inventory.isError ? (
        <Alert color="red" title={t('loadFailed')} role="alert">
          {inventory.error.message}
        </Alert>
      ) : !data ? (
        <PageLoader />
      ) : data.lines.length === 0 ? (
        <Alert icon={<IconInfoCircle aria-hidden />} role="status">
          {t('empty')}
        </Alert>
      ) : (
        <>
          {phone ? (
            <InventoryCards
              inventory={data}
              historyLocationId={shown?.id ?? actingLocationId}
              caption={t('caption', { location: where })}
            />
          ) : (
            <InventoryTable
              inventory={data}
              historyLocationId={shown?.id ?? actingLocationId}
              caption={t('caption', { location: where })}
            />
          )}
          <Stack gap={4}>
            <Text size="sm" c="gray.7">
              {t('expectedHelp')}
            </Text>
            {data.totals.creditOwes !== null && (
              <Text size="sm" c="gray.7">
                {t('priceNote', { date: format.plainDate(data.priceDate, { dateStyle: 'long' }) })}
              </Text>
            )}
            <Text size="sm" c="gray.7">
              {data.locationId === null ? t('levelsAllHint') : t('levelsHelp')}
            </Text>
          </Stack>
        </>
      )}
    </Stack>
  );
}
