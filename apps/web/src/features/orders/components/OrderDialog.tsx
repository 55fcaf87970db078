/**
 * The purchase order dialog (spec section 2, "Dialogs: order (new, purchase...)"): a new
 * purchase to the acting location, or an edit of a draft. The form mounts each time the
 * dialog opens, so every opening has its own idempotency key.
 */
import { Modal } from '@mantine/core';
import type { Order } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { OrderForm } from './OrderForm';

export interface OrderDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The receiving location: the acting location for a new order, the draft's for an edit. */
  locationId: number;
  /** The draft to edit; a new order when left out. */
  order?: Order;
}

/** The modal around the order form. */
export function OrderDialog({ opened, onClose, locationId, order }: OrderDialogProps) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={order ? t('dialog.editTitle', { id: order.id }) : t('dialog.newTitle')}
      styles={{
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
      }}
    >
      <OrderForm locationId={locationId} order={order} onDone={onClose} />
    </Modal>
  );
}
