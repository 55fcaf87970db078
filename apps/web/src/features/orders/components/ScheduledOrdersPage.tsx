/**
 * Scheduled orders (spec section 2: orders/scheduled, dispatch/scheduled; docs/domain.md
 * "Scheduled orders"): the acting location's recurring purchases or pickups with interval,
 * weekdays, period, next order day, lines and truck fill (GET ScheduleOrderFill), a dialog to
 * create or change one, and "stop" (the schedule is kept inactive and its orders still at
 * Ordered from today on are cancelled).
 */
import { ActionIcon, Alert, Box, Button, Group, Modal, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { type ScheduledOrder, weekdayNames } from '@portal/domain';
import { IconEdit, IconPlayerStop, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatNumber, formatPlainDate } from '../../../lib/format';
import { useScheduleFill } from '../api/get-order-fill';
import { useScheduledOrders, useStopScheduledOrder } from '../api/scheduled-orders';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import { formatFill } from '../lib/order-form';
import { ScheduledOrderDialog, weekdayLabels } from './ScheduledOrderDialog';

function FillCell({ id }: { id: number }) {
  const { i18n } = useTranslation();
  const fill = useScheduleFill(id);
  if (fill.data === undefined) return <>–</>;
  const shown = formatFill(fill.data, i18n.language);
  return (
    <span style={{ color: shown.over ? 'var(--portal-text-danger)' : undefined, fontWeight: shown.over ? 700 : undefined }}>
      {shown.text}
    </span>
  );
}

/** The list of one kind of scheduled orders. */
function ScheduledOrdersPage({ transactionTypeId }: { transactionTypeId: 1 | 2 }) {
  const { t, i18n } = useTranslation('orders');
  const locale = i18n.language;
  const { location, isLoading } = useCurrentLocation();
  const schedules = useScheduledOrders(location?.id ?? null, transactionTypeId);
  const stop = useStopScheduledOrder();
  const [editing, setEditing] = useState<ScheduledOrder | 'new' | null>(null);
  const [stopping, setStopping] = useState<ScheduledOrder | null>(null);
  const shortDays = weekdayLabels(locale, 'short');
  const date = (value: string | null) => (value ? formatPlainDate(value, locale, { dateStyle: 'medium' }) : null);
  const title = transactionTypeId === 1 ? t('scheduled.title') : t('scheduled.pickupsTitle');

  if (isLoading) return <PageLoader />;
  if (!location) {
    return (
      <Alert title={t('list.noLocationTitle')} role="status">
        {t('list.noLocation')}
      </Alert>
    );
  }

  const confirmStop = async () => {
    if (!stopping) return;
    try {
      await stop.mutateAsync(stopping.id);
      notifySuccess(t('scheduled.stopped', { id: stopping.id }));
    } catch (error) {
      notifyError(t('scheduled.stopFailed'), (error as Error).message);
    }
    setStopping(null);
  };

  const list = schedules.data ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text size="sm" c="gray.7">
            {t('scheduled.intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing('new')}>
          {transactionTypeId === 1 ? t('scheduled.new') : t('scheduled.newPickup')}
        </Button>
      </Group>
      <Paper withBorder radius="sm">
        {schedules.isPending ? (
          <PageLoader />
        ) : schedules.isError ? (
          <Alert color="red" m="md" title={t('scheduled.loadFailed')}>
            {schedules.error.message}
          </Alert>
        ) : list.length === 0 ? (
          <Text p="md" c="gray.7">
            {t('scheduled.none')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={1000}>
            <Table verticalSpacing="xs" highlightOnHover>
              <caption className="visually-hidden">{title}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scheduled.columns.id')}</Table.Th>
                  <Table.Th>{transactionTypeId === 1 ? t('columns.from') : t('columns.to')}</Table.Th>
                  <Table.Th>{t('scheduled.columns.when')}</Table.Th>
                  <Table.Th>{t('scheduled.columns.period')}</Table.Th>
                  <Table.Th>{t('scheduled.columns.next')}</Table.Th>
                  <Table.Th>{t('scheduled.columns.lines')}</Table.Th>
                  <Table.Th ta="right">{t('truck.fill')}</Table.Th>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden">{t('attachments.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((schedule) => (
                  <Table.Tr key={schedule.id}>
                    <Table.Td>{schedule.id}</Table.Td>
                    <Table.Td>{transactionTypeId === 1 ? schedule.locationNameFrom : schedule.locationNameTo}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{t('scheduled.every', { count: schedule.intervalWeeks })}</Text>
                      <Text size="xs" c="gray.7">
                        {weekdayNames
                          .map((day, index) => (schedule[day] ? shortDays[index] : null))
                          .filter(Boolean)
                          .join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {date(schedule.startDate)} – {date(schedule.endDate) ?? t('scheduled.noEnd')}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{date(schedule.nextDate) ?? '–'}</Table.Td>
                    <Table.Td>
                      {schedule.lines.map((line) => (
                        <Text size="sm" key={line.productId}>
                          {formatNumber(line.quantityOrdered, locale)} × {line.name}
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td ta="right">
                      <FillCell id={schedule.id} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Box
                          component="span"
                          aria-hidden
                          w={10}
                          h={10}
                          style={{
                            borderRadius: '50%',
                            flex: 'none',
                            background: schedule.active ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)',
                          }}
                        />
                        <Text span size="sm">
                          {schedule.active ? t('scheduled.active') : t('scheduled.inactive')}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {schedule.active && (
                        <Group gap={4} wrap="nowrap" justify="flex-end">
                          <Tooltip label={t('scheduled.edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('scheduled.editName', { id: schedule.id })}
                              onClick={() => setEditing(schedule)}
                            >
                              <IconEdit size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('scheduled.stop')}>
                            <ActionIcon
                              variant="subtle"
                              color="red.9"
                              aria-label={t('scheduled.stopName', { id: schedule.id })}
                              onClick={() => setStopping(schedule)}
                            >
                              <IconPlayerStop size={16} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {editing !== null && (
        <ScheduledOrderDialog
          opened
          onClose={() => setEditing(null)}
          transactionTypeId={transactionTypeId}
          locationId={location.id}
          locationName={location.name}
          schedule={editing === 'new' ? undefined : editing}
        />
      )}
      <Modal
        opened={stopping !== null}
        onClose={() => setStopping(null)}
        title={t('scheduled.stopTitle', { id: stopping?.id ?? '' })}
        closeButtonProps={{ 'aria-label': t('dialog.close') }}
      >
        <Text size="sm" mb="lg">
          {t('scheduled.stopQuestion')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStopping(null)} disabled={stop.isPending}>
            {t('scheduled.keep')}
          </Button>
          <Button color="red.9" onClick={confirmStop} loading={stop.isPending}>
            {t('scheduled.stop')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** Orders > Scheduled orders: recurring purchases. */
export const ScheduledPurchasesPage = () => <ScheduledOrdersPage transactionTypeId={1} />;
/** Dispatch > Scheduled pickups: recurring sales. */
export const ScheduledPickupsPage = () => <ScheduledOrdersPage transactionTypeId={2} />;
