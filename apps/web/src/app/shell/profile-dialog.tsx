/**
 * The profile dialog of the shell's menu ("My profile", spec section 2 "Shell"): a chunk of its
 * own, loaded when first opened (user-menu.tsx).
 */
import { Modal, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/use-session';

/** My profile (spec section 2 "Shell"): the user's name, login name, e-mail, phone, language and location. */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
