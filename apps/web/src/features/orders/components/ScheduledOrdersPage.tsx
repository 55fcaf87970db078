/**
 * /app/orders/scheduled (spec section 2, "orders: scheduled"). Scheduled (recurring) orders
 * are managed in a later release; until then the screen says so and links to the orders.
 */
import { Alert, Anchor, Stack, Title } from '@mantine/core';
import { IconCalendarRepeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The scheduled orders screen. */
export function ScheduledOrdersPage() {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('scheduled.title')}
      </Title>
      <Alert role="note" icon={<IconCalendarRepeat aria-hidden />} title={t('scheduled.noticeTitle')}>
        {t('scheduled.notice')}{' '}
        <Anchor component={Link} to="/app/orders" size="sm">
          {t('scheduled.toOrders')}
        </Anchor>
      </Alert>
    </Stack>
  );
}
