/**
 * One container order (`/app/containers/orders/{id}`; issue 11): its location, container type,
 * quantity, wanted day, reference, comment and who ordered it, its history, and the steps the
 * caller may make now (as the server says: provider staff confirm, deliver and cancel; the
 * ordering side changes or cancels an Open order). A delivered order links to the rental it
 * registered (`/app/containers/rentals/{rentalId}`).
 */
import { Alert, Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconEdit, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageLoader } from '../../../../components/page-loader';
import { useFormat } from '../../../../lib/format';
import { useContainerOrder } from '../api/get-container-order';
import { useWide } from '../lib/use-wide';
import { ContainerOrderDialog } from './ContainerOrderDialog';
import { ContainerOrderHistory } from './ContainerOrderHistory';
import { ContainerOrderStatusBadge } from './ContainerOrderStatusBadge';
import { type ContainerOrderStep, ContainerOrderStepDialog } from './ContainerOrderStepDialog';

/** "Back to container orders". */
function BackToList() {
  const { t } = useTranslation('containerOrders');
  return (
    <Anchor component={Link} to="/app/containers/orders" size="sm" py={4}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );
}

/** The order page; see the file comment. */
export function ContainerOrderPage() {
  const { t } = useTranslation('containerOrders');
  const format = useFormat();
  const wide = useWide();
  const id = Number(useParams().id);
  const query = useContainerOrder(Number.isInteger(id) ? id : null);
  const [step, setStep] = useState<ContainerOrderStep | null>(null);
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <Stack gap="md">
        <BackToList />
        <Alert color="red" title={t('detail.loadFailed')}>
          {query.error?.message}
        </Alert>
      </Stack>
    );
  }
  const order = query.data;
  const facts: [string, string][] = [
    [t('detail.location'), order.locationName],
    [t('detail.customer'), order.customerName],
    [t('detail.product'), order.productName],
    [t('detail.quantity'), format.number(order.quantity)],
    [t('detail.wantedDate'), order.wantedDate ? format.plainDate(order.wantedDate, { dateStyle: 'medium' }) : '–'],
    [t('detail.reference'), order.reference ?? '–'],
    [
      t('detail.orderedBy'),
      t('detail.byAt', { name: order.ordered?.name ?? t('detail.unknownUser'), time: format.dateTime(order.createdAt) }),
    ],
  ];
  if (order.comment) facts.push([t('detail.comment'), order.comment]);
  const { may } = order;

  return (
    <Stack gap="md">
      <BackToList />
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {t('detail.title', { id: order.id })}
            </Title>
            <ContainerOrderStatusBadge status={order.status} />
          </Group>
          <Text size="sm" c="gray.7">
            {format.number(order.quantity)} × {order.productName} · {order.locationName}
          </Text>
        </Stack>
        {(may.confirm || may.deliver || may.cancel || may.edit) && (
          <Group gap="sm">
            {may.confirm && (
              <Button leftSection={<IconCheck size={18} aria-hidden />} onClick={() => setStep('Confirmed')}>
                {t('step.action.Confirmed')}
              </Button>
            )}
            {may.deliver && (
              <Button leftSection={<IconTruckDelivery size={18} aria-hidden />} onClick={() => setStep('Delivered')}>
                {t('step.action.Delivered')}
              </Button>
            )}
            {may.edit && (
              <Button variant="default" leftSection={<IconEdit size={18} aria-hidden />} onClick={() => setEditing(true)}>
                {t('detail.edit')}
              </Button>
            )}
            {may.cancel && (
              <Button variant="outline" color="red.9" leftSection={<IconX size={18} aria-hidden />} onClick={() => setStep('Cancelled')}>
                {t('step.action.Cancelled')}
              </Button>
            )}
          </Group>
        )}
      </Group>

      {order.status === 'Delivered' && order.rentalId !== null && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCheck aria-hidden />}
          styles={{ title: { color: 'var(--portal-text-ok)' } }}
          title={t('detail.deliveredTitle')}
        >
          <Stack gap={4}>
            <Text size="sm">{t('detail.deliveredText')}</Text>
            <Anchor component={Link} to={`/app/containers/rentals/${order.rentalId}`} size="sm" fw={600}>
              {t('detail.rentalLink', { id: order.rentalId })}
            </Anchor>
          </Stack>
        </Alert>
      )}

      <Paper withBorder p="md" radius="sm">
        <DataList size="sm" gap={6} labelWidth={wide ? 190 : 120} styles={{ itemLabel: { color: 'var(--mantine-color-gray-7)' } }}>
          {facts.map(([label, value]) => (
            <DataList.Item key={label}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue style={{ whiteSpace: 'pre-wrap' }}>{value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Paper>
      <ContainerOrderHistory order={order} />
      <ContainerOrderStepDialog order={order} step={step} onClose={() => setStep(null)} />
      {may.edit && (
        <ContainerOrderDialog opened={editing} order={order} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
      )}
    </Stack>
  );
}
