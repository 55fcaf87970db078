/**
 * "Dispute" on a received order's page (issue 22; docs/disputes.md, "Opening"): for an order in
 * status 5 and a user who may use disputes (canUseDisputes), it opens the dispute dialog with the
 * order's number and lines already loaded. The server decides the rest (the window, one open
 * dispute per order, a party of the order) and its refusal shows in the dialog.
 */
import { Button } from '@mantine/core';
import { canUseDisputes } from '@portal/domain';
import { IconMessageReport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuContextOf } from '../../session/menu-context';
import { useSession } from '../../session/use-session';
import { OpenDisputeDialog } from './OpenDisputeDialog';

/** The button, or nothing when the order is not received or the user may not dispute. */
export function DisputeOrderButton({ order }: { order: { id: number; transactionStatusId: number } }) {
  const { t } = useTranslation('disputes');
  const { status } = useSession();
  const [opening, setOpening] = useState(false);
  if (order.transactionStatusId !== 5 || !canUseDisputes(menuContextOf(status))) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconMessageReport size={18} aria-hidden />} onClick={() => setOpening(true)}>
        {t('open.fromOrder')}
      </Button>
      {opening && <OpenDisputeDialog opened orderId={order.id} onClose={() => setOpening(false)} />}
    </>
  );
}
