/**
 * What the user may do with an order on its detail page (domain.md, "Order status machine"):
 * the party that owns a draft (0) sends it (a purchase or sale to 1, a delivery to 4) and may
 * edit a purchase draft in the purchase dialog; a global admin confirms an ordered order
 * (1 -> 2); the sender (or the provider) may cancel an ordered order (1 -> 7) after confirming.
 * The owner of a purchase is its receiving location (it orders from the provider); of a sale or
 * delivery its sending location. The server checks every step; its refusal ("Could not set
 * order status: ...") is shown as is.
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { initialStatus, type Order, TransactionStatus, TransactionType } from '@portal/domain';
import { IconCheck, IconEdit, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetOrderStatus } from '../api/set-order-status';
import { useCurrentLocation } from '../api/use-current-location';
import { notifyError, notifySuccess } from '../lib/notify';
import { OrderDialog } from './OrderDialog';

/** The action buttons of one order, the edit dialog and the cancel confirmation. */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'messages']);
  const { locationId, isGlobalAdmin } = useCurrentLocation();
  const setStatus = useSetOrderStatus();
  const [editing, edit] = useDisclosure(false);
  const [confirmingCancel, cancelDialog] = useDisclosure(false);
  const [target, setTarget] = useState<number | null>(null);

  const move = async (transactionStatusId: number) => {
    setTarget(transactionStatusId);
    try {
      await setStatus.mutateAsync({
        id: order.id,
        transactionStatusId,
        version: order.version,
      });
      notifySuccess(
        t('detail.statusChanged', {
          id: order.id,
          status: t(`status.${transactionStatusId}`, { ns: 'messages' }),
        }),
      );
    } catch (error) {
      notifyError(t('detail.statusFailed'), (error as Error).message);
    } finally {
      setTarget(null);
      cancelDialog.close();
    }
  };

  const status = order.transactionStatusId;
  const isPurchase = order.transactionTypeId === TransactionType.Purchase;
  const owns = isGlobalAdmin || (isPurchase ? order.locationIdTo : order.locationIdFrom) === locationId;
  const isDraft = status === TransactionStatus.Draft && owns;
  const sendTo = initialStatus(order.transactionTypeId, false);
  const isOrdered = status === TransactionStatus.Ordered;
  const mayCancel = isOrdered && (isGlobalAdmin || order.locationIdFrom === locationId);
  const busy = target !== null;
  if (!isDraft && !(isOrdered && isGlobalAdmin) && !mayCancel) return null;

  return (
    <Group gap="sm">
      {isDraft && isPurchase && order.locationIdTo !== null && (
        <>
          <Button variant="default" leftSection={<IconEdit size={16} aria-hidden />} onClick={edit.open} disabled={busy}>
            {t('detail.edit')}
          </Button>
          <OrderDialog opened={editing} onClose={edit.close} locationId={order.locationIdTo} order={order} />
        </>
      )}
      {isDraft && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => move(sendTo)} loading={target === sendTo} disabled={busy}>
          {t('detail.send')}
        </Button>
      )}
      {isOrdered && isGlobalAdmin && (
        <Button
          leftSection={<IconCheck size={16} aria-hidden />}
          onClick={() => move(TransactionStatus.Confirmed)}
          loading={target === 2}
          disabled={busy}
        >
          {t('detail.confirm')}
        </Button>
      )}
      {mayCancel && (
        <>
          <Button variant="outline" color="red.9" leftSection={<IconX size={16} aria-hidden />} onClick={cancelDialog.open} disabled={busy}>
            {t('detail.cancelOrder')}
          </Button>
          <Modal
            opened={confirmingCancel}
            onClose={cancelDialog.close}
            title={t('detail.cancelTitle', { id: order.id })}
            closeButtonProps={{ 'aria-label': t('dialog.close') }}
          >
            <Text size="sm" mb="lg">
              {t('detail.cancelQuestion')}
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={cancelDialog.close} disabled={busy}>
                {t('detail.keepOrder')}
              </Button>
              <Button color="red.9" onClick={() => move(TransactionStatus.Cancelled)} loading={target === 7}>
                {t('detail.cancelOrder')}
              </Button>
            </Group>
          </Modal>
        </>
      )}
    </Group>
  );
}
