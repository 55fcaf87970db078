/**
 * The files of an order (spec sections 3, 5 and 8): the list with name, size, who added it and
 * when, download, and delete for its uploader or provider staff; upload of a PDF, JPG, PNG or
 * GIF (at most 10 MiB; the server checks the content) and an image pasted from the clipboard
 * into the paste area. Signatures are shown with the signature card.
 */
import { ActionIcon, Button, FileButton, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, type Attachment } from '@portal/domain';
import { IconClipboard, IconDownload, IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { formatDateTime, formatNumber, formatSize } from '../../../lib/format';
import {
  downloadAttachment,
  fitsAttachmentLimit,
  useDeleteAttachment,
  useOrderAttachments,
  useUploadAttachment,
} from '../api/order-attachments';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import classes from './order-detail.module.css';

export { formatSize } from '../../../lib/format';

/** The attachments card of the detail page. */
export function OrderAttachments({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('orders');
  const { status, isProvider } = useCurrentLocation();
  const attachments = useOrderAttachments(orderId);
  const upload = useUploadAttachment(orderId);
  const remove = useDeleteAttachment(orderId);
  const files = (attachments.data ?? []).filter((attachment) => attachment.kind === 'file');

  const send = async (file: File | null) => {
    if (!file) return;
    if (!fitsAttachmentLimit(file)) {
      notifyError(
        t('attachments.failed'),
        t('attachments.tooLarge', { max: formatNumber(ATTACHMENT_MAX_BYTES / 1024 / 1024, i18n.language) }),
      );
      return;
    }
    try {
      const saved = await upload.mutateAsync(file);
      notifySuccess(t('attachments.added', { name: saved.fileName }));
    } catch (error) {
      notifyError(t('attachments.failed'), (error as Error).message);
    }
  };

  // Pastes anywhere in the card (the paste area included) arrive here.
  const onPaste = (event: ClipboardEvent<HTMLElement>) => {
    const items = event.clipboardData?.items;
    if (!items) {
      notifyError(t('attachments.failed'), t('attachments.noImageReading'));
      return;
    }
    const image = Array.from(items).find((item) => item.kind === 'file' && item.type.startsWith('image/'));
    const blob = image?.getAsFile();
    if (!blob) {
      // Only a paste into the paste area asked for an image; elsewhere in the card text may be pasted.
      if ((event.target as HTMLElement).closest('[data-paste-zone]')) notifyError(t('attachments.failed'), t('attachments.noImage'));
      return;
    }
    event.preventDefault();
    const extension = blob.type.split('/')[1]?.replace('jpeg', 'jpg') ?? 'png';
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    void send(new File([blob], `${t('attachments.pastedName')}-${stamp}.${extension}`, { type: blob.type }));
  };

  const mayDelete = (attachment: Attachment) => isProvider || attachment.userId === status?.user.id;
  const onDelete = async (attachment: Attachment) => {
    try {
      await remove.mutateAsync(attachment.id);
      notifySuccess(t('attachments.deleted', { name: attachment.fileName }));
    } catch (error) {
      notifyError(t('attachments.deleteFailed'), (error as Error).message);
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="order-attachments-title" onPaste={onPaste}>
      <Title order={2} size="h4" mb="sm" id="order-attachments-title">
        {t('attachments.title')}
      </Title>
      {attachments.isPending ? (
        <PageLoader />
      ) : files.length === 0 ? (
        <Text size="sm" c="gray.7" mb="sm">
          {t('attachments.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420} mb="sm">
          <Table verticalSpacing={4}>
            <caption className="visually-hidden">{t('attachments.title')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('attachments.name')}</Table.Th>
                <Table.Th ta="right">{t('attachments.size')}</Table.Th>
                <Table.Th>{t('attachments.addedBy')}</Table.Th>
                <Table.Th>
                  <span className="visually-hidden">{t('attachments.actions')}</span>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((attachment) => (
                <Table.Tr key={attachment.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <IconPaperclip size={14} aria-hidden />
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {attachment.fileName}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatSize(attachment.sizeBytes, i18n.language)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{attachment.userName}</Text>
                    <Text size="xs" c="gray.7">
                      {formatDateTime(attachment.createdAt, i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <Tooltip label={t('attachments.download')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('attachments.downloadName', { name: attachment.fileName })}
                          onClick={() =>
                            downloadAttachment(attachment).catch((error: Error) =>
                              notifyError(t('attachments.downloadFailed'), error.message),
                            )
                          }
                        >
                          <IconDownload size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      {mayDelete(attachment) && (
                        <Tooltip label={t('attachments.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={t('attachments.deleteName', { name: attachment.fileName })}
                            loading={remove.isPending && remove.variables === attachment.id}
                            onClick={() => void onDelete(attachment)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap="xs">
        <FileButton onChange={(file) => void send(file)} accept={ATTACHMENT_ACCEPT}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="sm"
              leftSection={<IconUpload size={16} aria-hidden />}
              loading={upload.isPending}
              w="fit-content"
            >
              {t('attachments.upload')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="gray.7">
          {t('attachments.types', { max: formatNumber(ATTACHMENT_MAX_BYTES / 1024 / 1024, i18n.language) })}
        </Text>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the paste area takes focus so Ctrl+V can land in it. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a focusable paste target, not a form group (a fieldset cannot take focus). */}
        <div className={classes.pasteZone} tabIndex={0} role="group" aria-label={t('attachments.pasteLabel')} data-paste-zone="1">
          <IconClipboard size={16} aria-hidden />
          <Text size="sm">{t('attachments.paste')}</Text>
        </div>
      </Stack>
    </Paper>
  );
}
