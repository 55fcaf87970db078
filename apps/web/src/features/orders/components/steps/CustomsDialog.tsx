/**
 * The customs question before a cross-border order is sent (spec section 5, "Customs:
 * confirmation asks whether pallets were registered for customs clearance"). Yes goes on with
 * the step; No stops it and says to register the pallets first.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface CustomsDialogProps {
  opened: boolean;
  /** Who clears customs (kgh, self, required), shown with the question. */
  handler: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks whether the pallets were registered for customs clearance. */
export function CustomsDialog({ opened, handler, onConfirm, onClose }: CustomsDialogProps) {
  const { t } = useTranslation('orders');
  const [refused, setRefused] = useState(false);
  const close = () => {
    setRefused(false);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('customs.title')} closeButtonProps={{ 'aria-label': t('dialog.close') }}>
      <Stack gap="md">
        <Text size="sm">{t('customs.question')}</Text>
        {handler && (
          <Text size="sm" c="gray.7">
            {t('customs.handlerLine', { handler: t(`customs.handler.${handler}`, { defaultValue: handler }) })}
          </Text>
        )}
        {refused && (
          <Alert color="yellow" variant="light" role="alert">
            {t('customs.registerFirst')}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {refused ? (
            <Button variant="default" onClick={close}>
              {t('dialog.close')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={() => setRefused(true)}>
                {t('customs.no')}
              </Button>
              <Button
                onClick={() => {
                  setRefused(false);
                  onConfirm();
                }}
                data-autofocus
              >
                {t('customs.yes')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
