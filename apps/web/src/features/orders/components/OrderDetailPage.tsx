/**
 * /app/<area>/:id: one order (spec sections 2 and 3) in any order area (orders, dispatch,
 * delivery, reception, expedition): number, status and type, the steps the user may take,
 * parties, dates, references, transport with customs, money, lines (ordered, picked,
 * delivered), comments, attachments, signatures and the status history; from picking on, the
 * printable waybill; a received order can be disputed (features/disputes). An unknown id, or one outside the user's scope (the server answers 404),
 * shows "not found".
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { DisputeOrderButton } from '../../disputes/components/DisputeOrderButton';
import { ReportProblemButton } from '../../support/components/ReportProblemButton';
import { useOrder } from '../api/get-order';
import { areaList, areaOfPath, orderLists } from '../lib/order-lists';
import { OrderActions } from './OrderActions';
import { OrderAttachments } from './OrderAttachments';
import { OrderComments } from './OrderComments';
import { OrderHistory } from './OrderHistory';
import { OrderLines } from './OrderLines';
import { OrderSections } from './OrderSections';
import { OrderSignature } from './OrderSignature';
import { PrintWaybillButton } from './PrintWaybillButton';
import { StatusBadge } from './StatusBadge';

/** The list the user came from (with its filters), or the area's main list. */
function useBackLink(): { to: string; title: string } {
  const { pathname, state } = useLocation();
  const came = state as { listPath?: string; listSearch?: string } | null;
  const area = areaOfPath(pathname) ?? 'orders';
  const list = Object.values(orderLists).find((l) => l.path === came?.listPath) ?? orderLists[areaList[area]];
  return { to: `/app/${list.path}${came?.listPath === list.path ? (came?.listSearch ?? '') : ''}`, title: list.titleKey };
}

/** The order detail screen. */
export function OrderDetailPage() {
  const { t, i18n } = useTranslation('orders');
  const params = useParams();
  const navigate = useNavigate();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const back = useBackLink();
  const query = useOrder(valid ? id : 0);
  const backLink = (
    <Anchor component={Link} to={back.to} size="sm" w="fit-content">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.backTo', { list: t(back.title).toLocaleLowerCase(i18n.language) })}
      </Group>
    </Anchor>
  );

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Stack gap="md">
        {backLink}
        <Alert title={t('detail.notFoundTitle')} role="alert">
          {t('detail.notFound', { id: params.id })}
        </Alert>
      </Stack>
    );
  }
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Stack gap="md">
        {backLink}
        <Alert color="red" title={t('detail.loadFailed')} role="alert">
          <Text size="sm" mb="sm">
            {query.error.message}
          </Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            {t('detail.retry')}
          </Button>
        </Alert>
      </Stack>
    );
  }

  const order = query.data;
  return (
    <Stack gap="md">
      {backLink}
      <Group justify="space-between" align="flex-start">
        <Stack gap={6}>
          <Title order={1} size="h2">
            {t('detail.title', { id: order.id })}
          </Title>
          <Group gap="sm">
            <StatusBadge statusId={order.transactionStatusId} />
            <Text size="sm">{t(`type.${order.transactionTypeId}`)}</Text>
          </Group>
        </Stack>
        <Group gap="sm" justify="flex-end">
          <PrintWaybillButton order={order} />
          <ReportProblemButton orderId={order.id} />
          <DisputeOrderButton order={order} />
          <OrderActions order={order} onDeleted={() => navigate(back.to)} />
        </Group>
      </Group>
      <OrderSections order={order} />
      <OrderLines lines={order.transactions} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <OrderComments orderId={order.id} />
        <OrderAttachments orderId={order.id} />
      </SimpleGrid>
      <OrderSignature orderId={order.id} />
      <OrderHistory history={order.history} />
    </Stack>
  );
}
