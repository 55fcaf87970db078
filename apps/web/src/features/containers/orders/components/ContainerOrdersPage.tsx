/**
 * Container > Orders (`/app/containers/orders`; issue 11): the caller's container orders
 * (provider staff: every location's) in a grid like the orders grid, with filters, "{count}
 * orders" and "New container order".
 */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFormat } from '../../../../lib/format';
import { useSession } from '../../../session/use-session';
import { useContainerOrderOptions } from '../api/get-container-order-options';
import { useContainerOrders } from '../api/get-container-orders';
import { filtersFromParams } from '../lib/filters';
import { ContainerOrderDialog } from './ContainerOrderDialog';
import { ContainerOrderFilters } from './ContainerOrderFilters';
import { ContainerOrdersGrid } from './ContainerOrdersGrid';

/** The list page; see the file comment. */
export function ContainerOrdersPage() {
  const { t } = useTranslation('containerOrders');
  const format = useFormat();
  const { status } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const orders = useContainerOrders(filters);
  const options = useContainerOrderOptions();
  const [creating, setCreating] = useState(false);
  const list = orders.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2} maw={760}>
          <Title order={1} size="h2">
            {t('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {status.isProvider ? t('introStaff') : t('intro')}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      </Group>
      <ContainerOrderFilters filters={filters} setParams={setParams} locations={options.data?.locations ?? []} />
      <div>
        <ContainerOrdersGrid list={list} loading={orders.isPending} failed={orders.isError} showsCustomer={status.isProvider} />
        {orders.data && (
          <Text size="sm" c="gray.7" mt="xs" aria-live="polite">
            {t('list.count', { count: list.length, shown: format.number(list.length) })}
          </Text>
        )}
      </div>
      <ContainerOrderDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(id) => {
          setCreating(false);
          navigate(`/app/containers/orders/${id}`);
        }}
      />
    </Stack>
  );
}
