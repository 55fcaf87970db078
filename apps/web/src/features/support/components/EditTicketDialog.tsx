/**
 * Changing a case's text (issue 10: customers may change the text fields of their own case while it
 * is not closed; provider staff of any live case): topic, category, description and product.
 */
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type SupportCategory, type SupportTicket, supportCategories } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCaseLookups, useSaveSupportTicket } from '../api/support-tickets';

/** The dialog for `ticket`. */
export function EditTicketDialog({ ticket, onClose }: { ticket: SupportTicket; onClose: () => void }) {
  const { t } = useTranslation('support');
  const save = useSaveSupportTicket();
  const { products } = useCaseLookups();
  const [topic, setTopic] = useState(ticket.topic);
  const [category, setCategory] = useState<string | null>(ticket.category);
  const [description, setDescription] = useState(ticket.description);
  const [productId, setProductId] = useState<string | null>(ticket.productId === null ? null : String(ticket.productId));
  const { errors, setErrors, clear } = useFieldErrors();
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!topic.trim()) missing.topic = t('dialog.required');
    if (!description.trim()) missing.description = t('dialog.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      {
        id: ticket.id,
        topic: topic.trim(),
        description: description.trim(),
        category: category as SupportCategory | null,
        productId: productId ? Number(productId) : null,
      },
      {
        onSuccess: () => {
          notifySuccess(t('detail.saved'));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(failure.fields);
          notifyError(t('detail.saveFailed'), failure.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('detail.editTitle')} size="lg">
      <Stack gap="sm">
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
            onChange={setCategory}
            clearable
            miw={180}
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
        <Textarea
          label={t('dialog.description')}
          value={description}
          onChange={(e) => {
            setDescription(e.currentTarget.value);
            clear('description');
          }}
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={4000}
          error={errors.description}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('detail.saveEdit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
