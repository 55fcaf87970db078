/**
 * "Customer requests" in the menu dropdown for global admins (beside Admin), with the number
 * of new requests waiting. Its texts load on their own, so the menu never waits for them.
 */
import { Menu } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../../components/count-badge';
import { useWaitingRequestCount } from '../api/get-new-customer-requests';

function Item() {
  const { t } = useTranslation('registration');
  const waiting = useWaitingRequestCount(true);
  const count = waiting.data ?? 0;
  return (
    <Menu.Item
      component={Link}
      to="/app/global/customer-requests"
      leftSection={<IconUserPlus size={16} aria-hidden />}
      rightSection={count > 0 ? <CountBadge count={count} label={t('requests.waiting', { count })} /> : undefined}
    >
      {t('requests.menu')}
    </Menu.Item>
  );
}

export function CustomerRequestsMenuItem() {
  return (
    <Suspense fallback={null}>
      <Item />
    </Suspense>
  );
}
