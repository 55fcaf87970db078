/**
 * The company logo (spec section 2, "logo" dialog): the current logo, a file input that uploads
 * the chosen image at once (PNG, JPEG, GIF or WebP up to 512 KiB; the server tells the type by
 * content and answers "Logo must be an image file" otherwise), and "Delete logo" behind a
 * confirmation ("Could not delete" on failure).
 */
import { Button, FileButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { type CompanyInfo, LOGO_ACCEPT } from '@portal/domain';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangeLogo } from '../api/company-info';
import { CustomerLogo } from './CustomerLogo';

/** The logo card; see the file comment. */
export function LogoCard({ info }: { info: CompanyInfo }) {
  const { t } = useTranslation('companyUsers');
  const change = useChangeLogo();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const uploadFile = async (file: File | null) => {
    if (!file) return;
    setError(null);
    try {
      await change.mutateAsync(file);
      notifySuccess(t('logo.uploaded'));
    } catch (failure) {
      const message = failure instanceof ApiError ? (failure.fields.file ?? failure.message) : (failure as Error).message;
      setError(message);
    }
  };

  const remove = async () => {
    try {
      await change.mutateAsync(null);
      setConfirming(false);
      notifySuccess(t('logo.deleted'));
    } catch (failure) {
      setConfirming(false);
      notifyError(t('logo.deleteFailed'), (failure as Error).message);
    }
  };

  return (
    <Paper withBorder radius="sm" p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('logo.title')}
        </Title>
        {info.logoVersion ? (
          <CustomerLogo version={info.logoVersion} alt={t('logo.alt', { name: info.name })} height={64} maxWidth={240} />
        ) : (
          <Text size="sm" c="gray.7">
            {t('logo.none')}
          </Text>
        )}
        <Text size="sm" c="gray.7" id="logo-hint">
          {t('logo.hint')}
        </Text>
        <Group gap="sm">
          <FileButton onChange={(file) => void uploadFile(file)} accept={LOGO_ACCEPT}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={18} aria-hidden />} loading={change.isPending} aria-describedby="logo-hint">
                {info.logoVersion ? t('logo.replace') : t('logo.upload')}
              </Button>
            )}
          </FileButton>
          {info.logoVersion && (
            <Button variant="default" color="red" leftSection={<IconTrash size={18} aria-hidden />} onClick={() => setConfirming(true)}>
              {t('logo.delete')}
            </Button>
          )}
        </Group>
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('logo.deleteTitle')}>
        <Stack gap="md">
          <Text size="sm">{t('logo.deleteConfirm')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={change.isPending} onClick={() => void remove()}>
              {t('logo.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
