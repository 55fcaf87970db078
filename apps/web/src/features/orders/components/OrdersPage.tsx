/**
 * /app/orders: the acting location's orders (spec sections 2, 7 and 9) with search, filters,
 * the grid and the "New order" dialog. The view (search, filters, sort) lives in the address;
 * typed text reaches it 250 ms after the last keystroke (spec section 9, "status search wait").
 */
import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import type { OrdersFilter } from '../api/get-orders';
import { useCurrentLocation } from '../api/use-current-location';
import { useOrdersView } from '../lib/use-orders-view';
import { OrderDialog } from './OrderDialog';
import { OrdersGrid } from './OrdersGrid';
import { OrdersToolbar } from './OrdersToolbar';

/** The orders list screen. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const { locationId, isLoading } = useCurrentLocation();
  const [view, setView] = useOrdersView();
  const [dialogOpened, dialog] = useDisclosure(false);

  const statusKey = view.statuses.join(',');
  const filter = useMemo<OrdersFilter | null>(
    () =>
      locationId === null
        ? null
        : {
            locationId,
            term: view.term,
            filterLocationFrom: view.filterLocationFrom,
            filterLocationTo: view.filterLocationTo,
            filterReference: view.filterReference,
            statuses: statusKey ? statusKey.split(',').map(Number) : [],
            sendLower: view.sendLower,
            sendUpper: view.sendUpper,
            sortField: view.sortField,
            descending: view.descending,
          },
    [
      locationId,
      view.term,
      view.filterLocationFrom,
      view.filterLocationTo,
      view.filterReference,
      statusKey,
      view.sendLower,
      view.sendUpper,
      view.sortField,
      view.descending,
    ],
  );

  if (isLoading) return <PageLoader />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        {filter && (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={dialog.open}>
            {t('list.newOrder')}
          </Button>
        )}
      </Group>
      {filter ? (
        <>
          <OrdersToolbar view={view} onViewChange={setView} />
          <OrdersGrid filter={filter} view={view} onViewChange={setView} />
          <OrderDialog opened={dialogOpened} onClose={dialog.close} locationId={filter.locationId} />
        </>
      ) : (
        <Alert title={t('list.noLocationTitle')} role="status">
          {t('list.noLocation')}
        </Alert>
      )}
    </Stack>
  );
}
