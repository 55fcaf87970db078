/**
 * An order list of the menu (spec sections 2, 7 and 9; lib/order-lists.ts says which orders
 * each shows): heading, "New order" of the list's kind, status presets, the disagreements the
 * menu badge counts, "import from Excel" (ImportOrdersDialog), search and filters, the grid, and
 * "send drafts": drafts chosen in the grid are sent in bulk (POST OrdersSend) and a report names
 * each one that could not be sent and why; or deleted, after a confirmation ("delete drafts").
 * The view (search, filters, sort, preset) lives in the address.
 */
import { Alert, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TransactionStatus } from '@portal/domain';
import { IconAlertTriangle, IconFileSpreadsheet, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatNumber } from '../../../lib/format';
import type { OrdersFilter } from '../api/get-orders';
import { SEND_DRAFTS_MAX, type SendDraftResult, useSendDrafts } from '../api/send-drafts';
import { useCurrentLocation } from '../api/use-current-location';
import { disagreementsQuery, isDisagreementArea } from '../lib/disagreements';
import { notifyError } from '../lib/notify';
import { rolesOn } from '../lib/order-actions';
import { areaList, effectiveStatuses, type OrderListKey, orderLists } from '../lib/order-lists';
import { useOrdersView } from '../lib/use-orders-view';
import { DeleteDraftsDialog } from './DeleteDraftsDialog';
import { ImportOrdersDialog } from './ImportOrdersDialog';
import { OrderDialog } from './OrderDialog';
import { OrdersGrid } from './OrdersGrid';
import { OrdersToolbar } from './OrdersToolbar';
import { SendDraftsReport } from './SendDraftsReport';

/** The list screen of `list`. */
export function OrderListPage({ list: key }: { list: OrderListKey }) {
  const list = orderLists[key];
  const { t, i18n } = useTranslation('orders');
  const { locationId, isProvider, isLoading } = useCurrentLocation();
  const [view, setView] = useOrdersView();
  const [dialogOpened, dialog] = useDisclosure(false);
  const [importOpened, importDialog] = useDisclosure(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [report, setReport] = useState<SendDraftResult[] | null>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const send = useSendDrafts();

  // The badge of the menu counts these; on the area's main list they can be shown alone.
  const badgeArea = areaList[list.area] === key && isDisagreementArea(list.area) ? list.area : null;
  const disagreements = useQuery({ ...disagreementsQuery(locationId), enabled: badgeArea !== null && locationId !== null });
  const badgeIds = badgeArea ? (disagreements.data?.[badgeArea] ?? null) : null;
  const onlyDisagreements = view.disagreements && badgeArea !== null;

  const statusKey = effectiveStatuses(list, view.statuses, view.preset).join(',');
  const idsKey = onlyDisagreements ? (badgeIds ?? []).join(',') : null;
  const filter = useMemo<OrdersFilter | null>(() => {
    if (locationId === null) return null;
    const common = {
      term: view.term,
      filterLocationFrom: view.filterLocationFrom,
      filterLocationTo: view.filterLocationTo,
      filterReference: view.filterReference,
      sendLower: view.sendLower,
      sendUpper: view.sendUpper,
      sortField: view.sortField,
      descending: view.descending,
    };
    if (idsKey !== null) {
      // Exactly the badge's orders, wherever they are in the user's scope.
      const ids = idsKey ? idsKey.split(',').map(Number) : [];
      return {
        ...common,
        endpoint: 'Orders',
        locationId: null,
        transactionTypes: [],
        locationIdFrom: null,
        locationIdTo: null,
        ids,
        statuses: [TransactionStatus.NotAgreed],
      };
    }
    return { ...common, ...list.scope(locationId), ids: null, statuses: statusKey ? statusKey.split(',').map(Number) : [] };
  }, [
    locationId,
    list,
    idsKey,
    statusKey,
    view.term,
    view.filterLocationFrom,
    view.filterLocationTo,
    view.filterReference,
    view.sendLower,
    view.sendUpper,
    view.sortField,
    view.descending,
  ]);

  // Chosen drafts belong to the rows the user saw: another search or filter starts afresh.
  const filterKey = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter.
  useEffect(() => setSelected(new Set()), [filterKey]);

  const viewer = { locationId, isProvider };
  const selection = list.sendDrafts
    ? {
        selected,
        canSelect: (order: Parameters<typeof rolesOn>[0]) =>
          order.transactionStatusId === TransactionStatus.Draft && rolesOn(order, viewer).ordering,
        onChange: (ids: number[], on: boolean) =>
          setSelected((current) => {
            const next = new Set(current);
            for (const id of ids) {
              if (on) next.add(id);
              else next.delete(id);
            }
            return next;
          }),
      }
    : undefined;

  const sendSelected = async () => {
    const ids = [...selected].slice(0, SEND_DRAFTS_MAX);
    try {
      setReport(await send.mutateAsync(ids));
      setSelected(new Set());
    } catch (error) {
      notifyError(t('drafts.failed'), (error as Error).message);
    }
  };

  if (isLoading) return <PageLoader />;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t(list.titleKey)}
          </Title>
          {list.introKey && (
            <Text size="sm" c="gray.7">
              {t(list.introKey)}
            </Text>
          )}
        </Stack>
        {filter && (
          <Group gap="sm">
            {selection && selected.size > 0 && (
              <>
                <Button variant="light" leftSection={<IconSend size={18} aria-hidden />} onClick={sendSelected} loading={send.isPending}>
                  {t('drafts.send', { count: selected.size })}
                </Button>
                <Button
                  variant="outline"
                  color="red.9"
                  leftSection={<IconTrash size={18} aria-hidden />}
                  onClick={() => setDeleting([...selected])}
                >
                  {t('deleteDrafts.button', { count: selected.size })}
                </Button>
              </>
            )}
            {list.newOrder && (
              <Button variant="default" leftSection={<IconFileSpreadsheet size={18} aria-hidden />} onClick={importDialog.open}>
                {t('import.button')}
              </Button>
            )}
            {list.newOrder && (
              <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={dialog.open}>
                {t(`list.new.${list.newVariant ?? list.newOrder}`)}
              </Button>
            )}
          </Group>
        )}
      </Group>
      {filter && locationId !== null ? (
        <>
          {(list.presets || (badgeArea && ((badgeIds?.length ?? 0) > 0 || onlyDisagreements))) && (
            <Group gap="sm">
              {list.presets && !onlyDisagreements && (
                <SegmentedControl
                  size="sm"
                  aria-label={t('lists.presetLabel')}
                  value={view.preset ?? list.presets[0]?.key ?? ''}
                  onChange={(preset) => setView({ preset: preset === list.presets?.[0]?.key ? null : preset, statuses: [] })}
                  data={list.presets.map((preset) => ({ value: preset.key, label: t(`lists.presets.${preset.key}`) }))}
                />
              )}
              {badgeArea && (
                <Button
                  size="compact-sm"
                  variant={onlyDisagreements ? 'filled' : 'light'}
                  color="red"
                  leftSection={<IconAlertTriangle size={14} aria-hidden />}
                  aria-pressed={onlyDisagreements}
                  onClick={() => setView({ disagreements: !onlyDisagreements })}
                >
                  {t('lists.disagreements', {
                    count: badgeIds?.length ?? 0,
                    formatted: formatNumber(badgeIds?.length ?? 0, i18n.language),
                  })}
                </Button>
              )}
            </Group>
          )}
          <OrdersToolbar view={view} onViewChange={setView} />
          <OrdersGrid
            filter={filter}
            view={view}
            onViewChange={setView}
            detailPath={list.area}
            listPath={list.path}
            selection={selection}
          />
          {list.newOrder && (
            <OrderDialog
              opened={dialogOpened}
              onClose={dialog.close}
              kind={list.newOrder}
              variant={list.newVariant}
              locationId={locationId}
            />
          )}
          {list.newOrder && (
            <ImportOrdersDialog opened={importOpened} onClose={importDialog.close} kind={list.newOrder} locationId={locationId} />
          )}
          <SendDraftsReport results={report} onClose={() => setReport(null)} detailPath={list.area} />
          {deleting && (
            <DeleteDraftsDialog
              opened
              ids={deleting}
              onClose={() => setDeleting(null)}
              onDone={(results) =>
                setSelected((current) => new Set([...current].filter((id) => !results.some((result) => result.id === id && result.ok))))
              }
            />
          )}
        </>
      ) : (
        <Alert title={t('list.noLocationTitle')} role="status">
          {t('list.noLocation')}
        </Alert>
      )}
    </Stack>
  );
}

/** Orders / Buy: the location's purchases. */
export const PurchasesPage = () => <OrderListPage list="purchases" />;
/** Dispatch / Sell: the location's sales. */
export const SalesPage = () => <OrderListPage list="sales" />;
/** Dispatch > Returns. */
export const ReturnsPage = () => <OrderListPage list="returns" />;
/** Delivery: deliveries sent from the location. */
export const DeliveriesPage = () => <OrderListPage list="deliveries" />;
/** Delivery > External locations: GET ExternalOrders. */
export const ExternalOrdersPage = () => <OrderListPage list="external" />;
/** Reception: orders to the location awaiting reception. */
export const ReceptionPage = () => <OrderListPage list="reception" />;
/** Expedition > Dispatching. */
export const ExpeditionPage = () => <OrderListPage list="expedition" />;
/** Expedition > Direct reception. */
export const DirectReceptionPage = () => <OrderListPage list="direct" />;
