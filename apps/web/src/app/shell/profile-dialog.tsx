/**
 * The profile dialog of the shell's menu ("My profile", spec section 2 "Shell"; issue 9): a
 * chunk of its own, loaded when first opened (user-menu.tsx). The signed-in person's own
 * account (also while acting as another user): details (features/accounts ProfileForm) and
 * change password (ChangePasswordForm).
 */
import { Alert, Center, Divider, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ownProfileQuery } from '../../features/accounts/api/accounts-api';
import { ChangePasswordForm } from '../../features/accounts/components/ChangePasswordForm';
import { ProfileForm } from '../../features/accounts/components/ProfileForm';

/** My profile: details and password of the signed-in user. */
export function ProfileDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const narrow = useMediaQuery('(max-width: 36em)');
  const profile = useQuery({ ...ownProfileQuery, enabled: opened });
  return (
    <Modal opened={opened} onClose={onClose} title={t('profile.title')} size="lg" fullScreen={narrow}>
      {profile.isPending ? (
        <Center p="lg">
          <Loader aria-label={t('profile.title')} />
        </Center>
      ) : profile.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
          {profile.error.message}
        </Alert>
      ) : (
        <Stack gap="lg">
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <Divider />
          <ChangePasswordForm userId={profile.data.id} />
        </Stack>
      )}
    </Modal>
  );
}
