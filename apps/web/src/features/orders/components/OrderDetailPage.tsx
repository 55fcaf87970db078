/**
 * /app/orders/:id: one order (spec sections 2 and 3): number, status and type, the actions the
 * user may take, parties, dates, references, transport, money, lines and status history.
 * An unknown id, or one outside the user's scope (the server answers 404), shows "not found".
 */
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { ApiError } from '../../../lib/api';
import { useOrder } from '../api/get-order';
import { OrderActions } from './OrderActions';
import { OrderHistory } from './OrderHistory';
import { OrderLines } from './OrderLines';
import { OrderSections } from './OrderSections';
import { StatusBadge } from './StatusBadge';

/** The list the user came from (with its filters), or the plain list. */
function useBackLink(): string {
  const state = useLocation().state as { listSearch?: string } | null;
  return `/app/orders${state?.listSearch ?? ''}`;
}

/** The order detail screen. */
export function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const back = useBackLink();
  const query = useOrder(valid ? id : 0);
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
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
        <OrderActions order={order} />
      </Group>
      <OrderSections order={order} />
      <OrderLines lines={order.transactions} />
      <OrderHistory history={order.history} />
    </Stack>
  );
}
