/**
 * The required "terms accepted" checkbox of the new-customer form, with a link that opens the
 * terms for new customers in a dialog (how the request's details are used; the standard
 * customer agreement applies once a customer).
 */
import { Anchor, Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface TermsFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

export function TermsField({ checked, onChange, error }: TermsFieldProps) {
  const { t } = useTranslation('registration');
  const [open, setOpen] = useState(false);
  return (
    <Stack gap={4}>
      <Checkbox
        label={t('page.terms')}
        required
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
        error={error}
      />
      <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)} style={{ alignSelf: 'flex-start' }}>
        {t('page.readTerms')}
      </Anchor>
      <Modal opened={open} onClose={() => setOpen(false)} title={t('page.termsTitle')} closeButtonProps={{ 'aria-label': t('page.close') }}>
        <Stack gap="sm">
          <Text size="sm">{t('page.termsP1')}</Text>
          <Text size="sm">{t('page.termsP2')}</Text>
          <Text size="sm">{t('page.termsP3')}</Text>
          <Group justify="flex-end">
            <Button onClick={() => setOpen(false)}>{t('page.close')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
