/** The frame of a status step's dialog: title, content, an error summary, Cancel and the step's button. */
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StepModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  busy: boolean;
  /** A message about the whole step (the server's refusal, a rule of the form). */
  error?: string | null;
  submitColor?: string;
  /** The label of the button that closes without the step ("Cancel" by default). */
  cancelLabel?: string;
  size?: string;
  children: ReactNode;
}

/** A modal with a form whose submit button runs the step. */
export function StepModal({
  opened,
  onClose,
  title,
  submitLabel,
  onSubmit,
  busy,
  error,
  submitColor,
  cancelLabel,
  size = 'lg',
  children,
}: StepModalProps) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          {error && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />}>
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {cancelLabel ?? t('dialog.cancel')}
            </Button>
            <Button type="submit" loading={busy} color={submitColor}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
