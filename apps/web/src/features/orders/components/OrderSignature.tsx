/**
 * Signatures on an order (spec section 3, "signature"): the stored ones with the signer's name
 * and time, and a new one drawn on the pad or typed (with the signer's name, required). Saved
 * by POST OrderSignature; a failure shows "Could not save signature" with the reason.
 */
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { Attachment } from '@portal/domain';
import { IconSignature, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SignaturePad } from '../../../components/signature-pad/SignaturePad';
import { formatDateTime } from '../../../lib/format';
import { useAttachmentImage, useDeleteAttachment, useOrderAttachments, useSaveSignature } from '../api/order-attachments';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import classes from './order-detail.module.css';

function StoredSignature({ signature, onDelete }: { signature: Attachment; onDelete?: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const image = useAttachmentImage(signature.id);
  const name = signature.signerName ?? signature.userName ?? '';
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      <Stack gap={2}>
        {image.data ? <img src={image.data} alt={t('signature.imageAlt', { name })} className={classes.signatureImage} /> : null}
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="gray.7">
          {formatDateTime(signature.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
        </Text>
      </Stack>
      {onDelete && (
        <Tooltip label={t('signature.delete')}>
          <ActionIcon variant="subtle" color="red.9" aria-label={t('signature.deleteName', { name })} onClick={onDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** The signature card of the detail page. */
export function OrderSignature({ orderId }: { orderId: number }) {
  const { t } = useTranslation('orders');
  const { status, isProvider } = useCurrentLocation();
  const attachments = useOrderAttachments(orderId);
  const save = useSaveSignature(orderId);
  const remove = useDeleteAttachment(orderId);
  // The signer is the user unless another name is typed (the session may still be loading).
  const [typedName, setName] = useState<string | null>(null);
  const name = typedName ?? status?.user.name ?? '';
  const [image, setImage] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [errors, setErrors] = useState<{ name?: string; image?: string }>({});
  const signatures = (attachments.data ?? []).filter((attachment) => attachment.kind === 'signature');

  const submit = async () => {
    const found = { name: name.trim() ? undefined : t('dialog.required'), image: image ? undefined : t('signature.missing') };
    setErrors(found);
    if (found.name || found.image || !image) return;
    try {
      await save.mutateAsync({ name: name.trim(), image });
      notifySuccess(t('signature.saved'));
      setResetKey((key) => key + 1);
    } catch (error) {
      notifyError(t('signature.failed'), (error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-signature-title">
      <Title order={2} size="h4" mb="sm" id="order-signature-title">
        {t('signature.title')}
      </Title>
      {signatures.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
          {signatures.map((signature) => (
            <StoredSignature
              key={signature.id}
              signature={signature}
              onDelete={
                isProvider
                  ? () =>
                      remove.mutateAsync(signature.id).catch((error: Error) => notifyError(t('attachments.deleteFailed'), error.message))
                  : undefined
              }
            />
          ))}
        </SimpleGrid>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t('signature.name')}
            required
            maxLength={100}
            value={name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((current) => ({ ...current, name: undefined }));
            }}
            error={errors.name}
            maw={480}
          />
          <SignaturePad
            name={name}
            resetKey={resetKey}
            onChange={(next) => {
              setImage(next);
              if (next) setErrors((current) => ({ ...current, image: undefined }));
            }}
          />
          {errors.image && (
            <Text size="sm" c="red.9" role="alert">
              {errors.image}
            </Text>
          )}
          <Group>
            <Button type="submit" size="sm" variant="light" leftSection={<IconSignature size={16} aria-hidden />} loading={save.isPending}>
              {t('signature.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
