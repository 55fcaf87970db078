/**
 * The new-case dialog (spec section 2, "Dialogs: ticket"; issue 10, "Support"): topic, category,
 * description, priority, product, location, order and files. An image pasted into the description
 * (Ctrl+V of a screenshot or photo) becomes a file of the case (spec section 5, "image paste
 * possible"). The case is opened first, then each file is sent; a file the server refuses (not a
 * PDF, JPG, PNG or GIF by its content, or too large) is named in a notice and the case stays.
 * Opened from the case list and, with the order filled in, from an order's page ("Report a problem").
 */
import { Button, FileButton, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  type SupportCategory,
  type SupportPriority,
  supportCategories,
  supportPriorities,
} from '@portal/domain';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { type ClipboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/field-errors';
import { useIdempotencyKey } from '../../../lib/idempotency';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../session/use-session';
import { uploadTicketFile, useCaseLookups, useSaveSupportTicket } from '../api/support-tickets';

export interface NewTicketDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the new case's id once it and its files are sent. */
  onCreated: (id: number) => void;
  /** The order the case is about (from an order's page): shown, not editable. */
  orderId?: number;
  /** A topic to start from (e.g. the order's number). */
  initialTopic?: string;
}

/** The dialog; see the file comment. */
export function NewTicketDialog({ opened, onClose, onCreated, orderId, initialTopic }: NewTicketDialogProps) {
  const { t } = useTranslation('support');
  const { status } = useSession();
  const { locations, products } = useCaseLookups();
  const save = useSaveSupportTicket();
  const [topic, setTopic] = useState(initialTopic ?? '');
  const [category, setCategory] = useState<SupportCategory | null>(orderId ? 'order' : null);
  const [description, setDescription] = useState('');
  const [priority, setPriority] = useState<SupportPriority>('Normal');
  const [productId, setProductId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(status.location ? String(status.location.id) : null);
  const [files, setFiles] = useState<File[]>([]);
  const { errors, setErrors, clear } = useFieldErrors();
  const [sending, setSending] = useState(false);
  // The case's key, kept while the draft is: a retry after a lost answer opens one case.
  const idempotency = useIdempotencyKey();

  const reset = () => {
    idempotency.renew();
    setTopic(initialTopic ?? '');
    setCategory(orderId ? 'order' : null);
    setDescription('');
    setPriority('Normal');
    setProductId(null);
    setFiles([]);
    setErrors({});
  };

  const addFiles = (added: File[]) => {
    const tooLarge = added.filter((f) => f.size > ATTACHMENT_MAX_BYTES);
    clear('files');
    if (tooLarge.length) setErrors({ ...errors, files: t('dialog.tooLarge', { name: tooLarge.map((f) => f.name).join(', ') }) });
    setFiles((current) => [...current, ...added.filter((f) => f.size <= ATTACHMENT_MAX_BYTES)]);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const items = [...(event.clipboardData?.items ?? [])].filter((item) => item.kind === 'file' && item.type.startsWith('image/'));
    if (items.length === 0) return;
    event.preventDefault();
    const pasted = items.flatMap((item, i) => {
      const blob = item.getAsFile();
      if (!blob) return [];
      const extension = blob.type === 'image/jpeg' ? 'jpg' : (blob.type.split('/')[1] ?? 'png');
      return [new File([blob], `${t('dialog.pastedName')}-${files.length + i + 1}.${extension}`, { type: blob.type })];
    });
    if (pasted.length === 0) notifyError(t('dialog.failed'), t('dialog.noImageReading'));
    addFiles(pasted);
  };

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!topic.trim()) missing.topic = t('dialog.required');
    if (!description.trim()) missing.description = t('dialog.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSending(true);
    try {
      const ticket = await save.mutateAsync({
        topic: topic.trim(),
        description: description.trim(),
        category,
        priority,
        productId: productId ? Number(productId) : null,
        locationId: locationId ? Number(locationId) : null,
        ...(orderId ? { orderId } : {}),
        idempotencyKey: idempotency.key,
      });
      for (const file of files) {
        try {
          await uploadTicketFile(ticket.id, file);
        } catch (failure) {
          const reason = failure instanceof ApiError ? (failure.fields.file ?? failure.message) : (failure as Error).message;
          notifyError(t('dialog.fileFailed', { name: file.name }), reason);
        }
      }
      notifySuccess(t('dialog.saved', { id: ticket.id }));
      reset();
      onCreated(ticket.id);
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fields).length) setErrors(failure.fields);
      notifyError(t('dialog.failed'), (failure as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('dialog.title')} size="lg">
      <Stack gap="sm">
        {orderId && (
          <Text size="sm" fw={600}>
            {t('dialog.aboutOrder', { id: orderId })}
          </Text>
        )}
        <TextInput
          label={t('dialog.topic')}
          value={topic}
          onChange={(e) => {
            setTopic(e.currentTarget.value);
            clear('topic');
          }}
          required
          maxLength={200}
          error={errors.topic}
          data-autofocus
        />
        <Group grow wrap="wrap" gap="sm" align="flex-start">
          <Select
            label={t('dialog.category')}
            data={supportCategories.map((c) => ({ value: c, label: t(`category.${c}`) }))}
            value={category}
            onChange={(value) => {
              setCategory(value as SupportCategory | null);
              clear('category');
            }}
            clearable
            miw={180}
            error={errors.category}
          />
          <Select
            label={t('dialog.priority')}
            data={supportPriorities.map((p) => ({ value: p, label: t(`priority.${p}`) }))}
            value={priority}
            onChange={(value) => setPriority((value as SupportPriority | null) ?? 'Normal')}
            allowDeselect={false}
            miw={160}
          />
        </Group>
        <Textarea
          label={t('dialog.description')}
          description={t('dialog.pasteHint')}
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            clear('description');
          }}
          onPaste={onPaste}
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={4000}
          error={errors.description}
        />
        <Group grow wrap="wrap" gap="sm" align="flex-start">
          <Select
            label={t('dialog.location')}
            data={(locations.data ?? []).map((l) => ({ value: String(l.id), label: l.name }))}
            value={locationId}
            onChange={(value) => {
              setLocationId(value);
              clear('locationId');
            }}
            searchable
            clearable
            miw={200}
            error={errors.locationId}
          />
          <Select
            label={t('dialog.product')}
            data={(products.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={productId}
            onChange={(value) => {
              setProductId(value);
              clear('productId');
            }}
            searchable
            clearable
            miw={200}
            error={errors.productId}
          />
        </Group>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('dialog.files')}
          </Text>
          <Text size="xs" c="gray.7" id="support-files-hint">
            {t('dialog.filesHint')}
          </Text>
          <FileButton accept={ATTACHMENT_ACCEPT} multiple onChange={(added) => addFiles(added)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                w="fit-content"
                leftSection={<IconPaperclip size={16} aria-hidden />}
                aria-describedby="support-files-hint"
              >
                {t('dialog.choose')}
              </Button>
            )}
          </FileButton>
          {(errors.files ?? errors.orderId) && (
            <Text size="xs" c="red.8" role="alert">
              {errors.files ?? errors.orderId}
            </Text>
          )}
        </Stack>
        {files.length > 0 && (
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('dialog.chosen')}>
            {files.map((file, i) => (
              <Group component="li" key={`${file.name}-${file.size}-${file.lastModified}`} gap="xs">
                <Text size="sm">{file.name}</Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={t('dialog.remove', { name: file.name })}
                  onClick={() => setFiles((current) => current.filter((_, j) => j !== i))}
                >
                  <IconX size={14} aria-hidden />
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={sending}>
            {t('dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
