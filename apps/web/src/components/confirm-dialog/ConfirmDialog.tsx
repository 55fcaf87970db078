/**
 * The question before an action that cannot be undone (a deletion), as a dialog of the portal
 * rather than the browser's `confirm()` (issue 20): in the portal's look and language, with its
 * title read out, the focus kept inside while open and on "Cancel" first (Enter on an opened
 * question does not delete), and given back to the button that opened it. Texts: the caller's,
 * with the common "Cancel" and "Close" unless given.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  /** Open while true. */
  opened: boolean;
  title: string;
  /** The question, and what follows from the answer. */
  children: ReactNode;
  /** The label of the button that does it ("Delete"). */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** While the action runs: the confirm button spins, cancel waits. */
  loading?: boolean;
  /**
   * Its id in a `Modal.Stack` when it opens over another dialog (Mantine's way for dialogs on
   * dialogs): Escape then closes the question only, and only it keeps the focus.
   */
  stackId?: string;
}

/** The dialog; see the file comment. */
export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onClose, loading = false, stackId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} stackId={stackId} closeButtonProps={{ 'aria-label': t('actions.close') }}>
      <Stack gap="md">
        {typeof children === 'string' ? <Text>{children}</Text> : children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
