/**
 * The template dialog (spec section 2, "Dialogs: template"): title, text, category and language
 * (each may be "any"), default answer and active. A failed save says "Could not save" with the
 * reason (issue 10, "Templates").
 */
import { Button, Checkbox, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { type Locale, locales, type SupportCategory, type SupportTemplate, supportCategories } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { useFieldErrors } from '../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveSupportTemplate } from '../api/support-templates';

/** The dialog for `template` (null: a new one). */
export function TemplateDialog({ template, onClose }: { template: SupportTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('support');
  const save = useSaveSupportTemplate();
  const [title, setTitle] = useState(template?.title ?? '');
  const [text, setText] = useState(template?.text ?? '');
  const [category, setCategory] = useState<string>(template?.category ?? '');
  const [language, setLanguage] = useState<string>(template?.language ?? '');
  const [isDefault, setIsDefault] = useState(template?.isDefault ?? false);
  const [isActive, setIsActive] = useState(template?.isActive ?? true);
  const { errors, setErrors, clear } = useFieldErrors();
  const submit = () => {
    const missing: Record<string, string> = {};
    if (!title.trim()) missing.title = t('dialog.required');
    if (!text.trim()) missing.text = t('dialog.required');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    save.mutate(
      {
        ...(template ? { id: template.id } : {}),
        title: title.trim(),
        text: text.trim(),
        category: (category || null) as SupportCategory | null,
        language: (language || null) as Locale | null,
        isDefault,
        isActive,
      },
      {
        onSuccess: () => {
          notifySuccess(t('settings.saved'));
          onClose();
        },
        onError: (failure) => {
          if (failure instanceof ApiError) setErrors(failure.fields);
          notifyError(t('settings.saveFailed'), failure.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={template ? t('settings.editTitle') : t('settings.newTitle')} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('settings.fields.title')}
          value={title}
          onChange={(e) => {
            setTitle(e.currentTarget.value);
            clear('title');
          }}
          required
          maxLength={200}
          error={errors.title}
          data-autofocus
        />
        <Group grow wrap="wrap" gap="sm" align="flex-start">
          <Select
            label={t('settings.fields.category')}
            data={[
              { value: '', label: t('settings.anyCategory') },
              ...supportCategories.map((c) => ({ value: c, label: t(`category.${c}`) })),
            ]}
            value={category}
            onChange={(value) => setCategory(value ?? '')}
            allowDeselect={false}
            miw={180}
          />
          <Select
            label={t('settings.fields.language')}
            data={[{ value: '', label: t('settings.anyLanguage') }, ...locales.map((l) => ({ value: l, label: t(`languages.${l}`) }))]}
            value={language}
            onChange={(value) => setLanguage(value ?? '')}
            allowDeselect={false}
            miw={180}
          />
        </Group>
        <Textarea
          label={t('settings.fields.text')}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            clear('text');
          }}
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={4000}
          error={errors.text}
        />
        <Checkbox
          label={t('settings.fields.isDefault')}
          description={t('settings.fields.isDefaultHint')}
          checked={isDefault}
          onChange={(e) => setIsDefault(e.currentTarget.checked)}
        />
        <Checkbox
          label={t('settings.fields.isActive')}
          description={t('settings.fields.isActiveHint')}
          checked={isActive}
          onChange={(e) => setIsActive(e.currentTarget.checked)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
