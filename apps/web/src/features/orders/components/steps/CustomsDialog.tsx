/**
 * The customs question before a cross-border order is sent (spec section 5, "Customs:
 * confirmation asks whether pallets were registered for customs clearance"). Yes sets the
 * order's customs status to done (POST OrderCustoms, written to its history) and goes on with
 * the step, with the order's new version. No stops it and says to register the pallets first;
 * when the handler says a declaration is required, No marks the customs status pending.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Order } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCustomsStatus } from '../../api/set-customs-status';

interface CustomsDialogProps {
  opened: boolean;
  order: Order;
  /** Called after the customs status is done, with the order as it now is. */
  onConfirm: (order: Order) => void;
  onClose: () => void;
}

/** Asks whether the pallets were registered for customs clearance. */
export function CustomsDialog({ opened, order, onConfirm, onClose }: CustomsDialogProps) {
  const { t } = useTranslation('orders');
  const customs = useSetCustomsStatus();
  const [refused, setRefused] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handler = order.customsHandler;
  const close = () => {
    setRefused(false);
    setError(null);
    onClose();
  };
  const answer = async (registered: boolean) => {
    setError(null);
    try {
      if (registered) {
        const updated = await customs.mutateAsync({ id: order.id, customsStatus: 'done', version: order.version });
        setRefused(false);
        onConfirm(updated);
        return;
      }
      if (handler === 'required' && order.customsStatus !== 'pending')
        await customs.mutateAsync({ id: order.id, customsStatus: 'pending', version: order.version });
      setRefused(true);
    } catch (failure) {
      setError((failure as Error).message);
    }
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
        {error && (
          <Alert color="red" variant="light" role="alert" title={t('customs.saveFailed')}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {refused ? (
            <Button variant="default" onClick={close}>
              {t('dialog.close')}
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={() => void answer(false)} disabled={customs.isPending}>
                {t('customs.no')}
              </Button>
              <Button onClick={() => void answer(true)} loading={customs.isPending} data-autofocus>
                {t('customs.yes')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
