/**
 * The menu dropdown of the shell (spec section 2 "Shell"), in the popups' chunk (user-menu.tsx
 * draws its button until the first use; docs/performance.md): My profile; My company for customer
 * admins and global admins (who manage any customer's and confirm counts), and for global admins
 * "Counts to confirm" with the number awaiting them; Admin for global admins; Change user when
 * switching is allowed (global admin, customer admin, more than one location, or acting as
 * someone else); API (every user: keys and examples); Controls for provider staff; Shop accounting;
 * Pallet receipts for the dock's users (`canUsePalletReceipts`: spec section 2 lists the routes but
 * no menu item; docs/pallet-receipts.md).
 */
import { Menu } from '@mantine/core';
import { canUsePalletReceipts } from '@portal/domain';
import {
  IconActivityHeartbeat,
  IconApi,
  IconBuilding,
  IconClipboardCheck,
  IconClipboardList,
  IconReceipt,
  IconSettings,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { usePendingCountAudits } from '../../features/counting/api/get-count-audits';
import { CustomerRequestsMenuItem } from '../../features/registration/components/CustomerRequestsMenuItem';
import { menuContextOf } from '../../features/session/menu-context';
import { useSession } from '../../features/session/use-session';
import { loadChunk } from '../../lib/chunk-load';
import { type FirstUseProps, useTakeOver } from '../../lib/first-use';
import { switchLocationsQuery } from './switch-api';
import { UserMenuButton } from './user-menu';

// The dialogs are chunks of their own, loaded when first opened: their code (the searchable
// selects of the switch dialog, the profile's table) does not run when the portal opens
// (docs/performance.md). A chunk that fails to load reaches the /app error boundary.
const ProfileDialog = lazy(() => loadChunk(() => import('./profile-dialog')).then((m) => ({ default: m.ProfileDialog })));
const SwitchDialog = lazy(() => loadChunk(() => import('./switch-dialog')).then((m) => ({ default: m.SwitchDialog })));

/** "Counts to confirm": the count list filtered to those awaiting confirmation, with their number. */
function CountsToConfirmItem() {
  const { t } = useTranslation('shell');
  const pending = usePendingCountAudits(true);
  const count = pending.data ?? 0;
  return (
    <Menu.Item
      component={Link}
      to="/app/company/audit?status=registered"
      leftSection={<IconClipboardCheck size={16} aria-hidden />}
      rightSection={count > 0 ? <CountBadge count={count} label={t('badges.pendingCounts', { count })} /> : undefined}
    >
      {t('userMenu.countsToConfirm')}
    </Menu.Item>
  );
}

/**
 * The menu with its dropdown and the dialogs it opens. Opens at once when the user pressed its
 * stand-in; its button takes the focus the stand-in had (pressed, or focused from the keyboard).
 */
export function UserMenuPopup({ how }: FirstUseProps) {
  const { t } = useTranslation('shell');
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useTakeOver(how, target, () => setOpened(true));
  const { status, actingAsOther } = useSession();
  const [dialog, setDialog] = useState<'profile' | 'switch' | null>(null);
  // Mounted from its first opening on, so it closes with its transition like any Modal.
  const [profileUsed, setProfileUsed] = useState(false);
  const locations = useQuery(switchLocationsQuery(status.customer.id));
  const login = status.loginUser;
  const canSwitch = login.isGlobalAdmin || login.isCustomerAdmin || actingAsOther || (locations.data?.length ?? 0) > 1;

  return (
    <>
      {/* No focus placeholder: Mantine's is a role="presentation" child of role="menu", which
          axe reports (aria-required-children); without it the first item takes the focus. */}
      <Menu position="bottom-end" shadow="md" width={260} withInitialFocusPlaceholder={false} opened={opened} onChange={setOpened}>
        <Menu.Target>
          <UserMenuButton ref={target} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconUser size={16} aria-hidden />}
            onClick={() => {
              setProfileUsed(true);
              setDialog('profile');
            }}
          >
            {t('userMenu.profile')}
          </Menu.Item>
          {(status.user.isCustomerAdmin || status.user.isGlobalAdmin) && (
            <Menu.Item component={Link} to="/app/company" leftSection={<IconBuilding size={16} aria-hidden />}>
              {t('userMenu.company')}
            </Menu.Item>
          )}
          {status.user.isGlobalAdmin && <CountsToConfirmItem />}
          {status.user.isGlobalAdmin && (
            <Menu.Item component={Link} to="/app/global/publishing" leftSection={<IconSettings size={16} aria-hidden />}>
              {t('userMenu.admin')}
            </Menu.Item>
          )}
          {status.user.isGlobalAdmin && <CustomerRequestsMenuItem />}
          {canSwitch && (
            <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setDialog('switch')}>
              {t('userMenu.switch')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/app/api" leftSection={<IconApi size={16} aria-hidden />}>
            {t('userMenu.api')}
          </Menu.Item>
          {status.isProvider && (
            <Menu.Item component={Link} to="/app/controls" leftSection={<IconActivityHeartbeat size={16} aria-hidden />}>
              {t('userMenu.controls')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/app/reports/shop-transactions" leftSection={<IconReceipt size={16} aria-hidden />}>
            {t('userMenu.shopAccounting')}
          </Menu.Item>
          {canUsePalletReceipts(menuContextOf(status)) && (
            <Menu.Item component={Link} to="/app/pallet-receipts" leftSection={<IconClipboardList size={16} aria-hidden />}>
              {t('userMenu.palletReceipts')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {profileUsed && <ProfileDialog opened={dialog === 'profile'} onClose={() => setDialog(null)} />}
        {dialog === 'switch' && <SwitchDialog opened onClose={() => setDialog(null)} />}
      </Suspense>
    </>
  );
}
