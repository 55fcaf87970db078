/**
 * The order dialog (spec section 2, "Dialogs: order (new, purchase, sale, delivery, pickup,
 * copies)", and the return dialog): a new order of a kind for the acting location, or an edit of
 * a draft. The return variant is a sale to a sorting depot with the return choice per line. The form
 * mounts each time the dialog opens, so every opening has its own idempotency key.
 */
import { Modal } from '@mantine/core';
import type { Order } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderKind } from '../lib/order-lists';
import { OrderForm } from './OrderForm';

export interface OrderDialogProps {
  opened: boolean;
  onClose: () => void;
  kind: OrderKind;
  /** The customer side: the acting location for a new order, the draft's for an edit. */
  locationId: number;
  /** The draft to edit; a new order when left out. */
  order?: Order;
  /** The return dialog (Dispatch > Returns). */
  variant?: 'return';
}

/** The modal around the order form. */
export function OrderDialog({ opened, onClose, kind, locationId, order, variant }: OrderDialogProps) {
  const { t } = useTranslation('orders');
  const [saved, setSaved] = useState<Order | undefined>(undefined);
  const editing = order ?? saved;
  const close = () => {
    setSaved(undefined);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      title={editing ? t('dialog.editTitle', { id: editing.id }) : t(`dialog.title.${variant ?? kind}`)}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
    >
      <OrderForm kind={kind} locationId={locationId} order={order} onDone={close} onDraftSaved={setSaved} variant={variant} />
    </Modal>
  );
}
