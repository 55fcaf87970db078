/**
 * The menu dropdown of the shell (spec section 2 "Shell"): My profile; My company for customer
 * admins and global admins (who manage any customer's and confirm counts), and for global admins
 * "Counts to confirm" with the number awaiting them; Admin for global admins; Change user when
 * switching is allowed (global admin, customer admin, more than one location, or acting as
 * someone else); Shop accounting.
 */
import { Button, Menu, Modal, Table } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconClipboardCheck, IconReceipt, IconSettings, IconUser, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../components/count-badge';
import { usePendingCountAudits } from '../../features/counting/api/get-count-audits';
import { useSession } from '../../features/session/use-session';
import { switchLocationsQuery } from './switch-api';
import { SwitchDialog } from './switch-dialog';

function ProfileModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { status } = useSession();
  const user = status.user;
  const rows: [string, string][] = [
    [t('profile.name'), user.name],
    [t('profile.loginName'), user.loginName],
    [t('profile.email'), user.email ?? '–'],
    [t('profile.phone'), user.phone ?? '–'],
    [t('profile.language'), t(`common:language.${user.language}`, { defaultValue: user.language })],
    [t('profile.location'), status.location?.name ?? '–'],
  ];
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.title')}>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

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

/** The dropdown and the dialogs it opens. */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { status, actingAsOther } = useSession();
  const [dialog, setDialog] = useState<'profile' | 'switch' | null>(null);
  const locations = useQuery(switchLocationsQuery(status.customer.id));
  const login = status.loginUser;
  const canSwitch = login.isGlobalAdmin || login.isCustomerAdmin || actingAsOther || (locations.data?.length ?? 0) > 1;

  return (
    <>
      {/* No focus placeholder: Mantine's is a role="presentation" child of role="menu", which
          axe reports (aria-required-children); without it the first item takes the focus. */}
      <Menu position="bottom-end" shadow="md" width={260} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button variant="subtle" size="compact-md" rightSection={<IconChevronDown size={16} aria-hidden />}>
            {t('userMenu.label')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={() => setDialog('profile')}>
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
          {canSwitch && (
            <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setDialog('switch')}>
              {t('userMenu.switch')}
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/app/reports/shop-transactions" leftSection={<IconReceipt size={16} aria-hidden />}>
            {t('userMenu.shopAccounting')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileModal opened={dialog === 'profile'} onClose={() => setDialog(null)} />
      {dialog === 'switch' && <SwitchDialog opened onClose={() => setDialog(null)} />}
    </>
  );
}
