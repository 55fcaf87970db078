/**
 * "Dispute this ..." where a movement is shown (issue 22; docs/disputes.md, "Screens"): on a
 * received order's page (`DisputeOrderButton`), a final pallet receipt's and a rental's
 * (`DisputeSourceButton`), for a user who may use disputes (canUseDisputes). It opens the dispute
 * dialog with the movement filled in and its lines loaded. The server decides the rest (the
 * window, one open dispute per movement, a party of it) and its refusal shows in the dialog.
 */
import { Button } from '@mantine/core';
import { canUseDisputes } from '@portal/domain';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import { type DisputeSource, OpenDisputeDialog } from './OpenDisputeDialog';

/** Whether the signed-in user may use disputes (the menu's rule). */
export function useCanDispute(): boolean {
  const { status } = useSession();
  return canUseDisputes(menuContextOf(status));
}

/** The button for `source` with its text (`open.<label>` of the disputes' texts), or nothing when the user may not dispute. */
export function DisputeSourceButton({ source, label }: { source: DisputeSource; label: 'fromOrder' | 'fromReceipt' | 'fromRental' }) {
  const { t } = useTranslation('disputes');
  const [opening, setOpening] = useState(false);
  if (!useCanDispute()) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMessageReport size={18} aria-hidden />} onClick={() => setOpening(true)}>
        {t(`open.${label}`)}
      </Button>
      {opening &&
        ('orderId' in source ? (
          <OpenDisputeDialog opened orderId={source.orderId} onClose={() => setOpening(false)} />
        ) : (
          <OpenDisputeDialog opened source={source} onClose={() => setOpening(false)} />
        ))}
    </>
  );
}

/** The order's button, or nothing when the order is not received or the user may not dispute. */
export function DisputeOrderButton({ order }: { order: { id: number; transactionStatusId: number } }) {
  if (order.transactionStatusId !== 5) return null;
  return <DisputeSourceButton source={{ orderId: order.id }} label="fromOrder" />;
}
