/**
 * The steps a user may take on an order, on its detail page (lib/order-actions.ts decides which
 * apply; the server decides every step). Simple steps run at once (confirm, start sorting,
 * register arrival, send a draft); the others open their dialog: edit a draft, pick, send with
 * a waybill (and the customs question), receive or report other quantities, sort, send the
 * sorted result, accept, agree or dispute it, resolve a disagreement, cancel, delete a draft.
 */
import { Button, Group, Text } from '@mantine/core';
import { hasShortage, initialStatus, type Order, TransactionStatus } from '@portal/domain';
import {
  IconAlertTriangle,
  IconArrowsShuffle,
  IconCheck,
  IconClipboardCheck,
  IconEdit,
  IconPackage,
  IconScale,
  IconSend,
  IconTrash,
  IconTruckDelivery,
  IconTruckLoading,
  IconX,
} from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useCurrentLocation } from '../api/use-current-location';
import { availableActions, kindOf, needsCustoms, type OrderAction, sentQuantity } from '../lib/order-actions';
import { DeleteDraftsDialog } from './DeleteDraftsDialog';
import { OrderDialog } from './OrderDialog';
import { ConfirmStepDialog } from './steps/ConfirmStepDialog';
import { CountedDialog } from './steps/CountedDialog';
import { CustomsDialog } from './steps/CustomsDialog';
import { PickDialog } from './steps/PickDialog';
import { SortDialog } from './steps/SortDialog';
import { useOrderStep } from './steps/use-step';
import { WaybillDialog } from './steps/WaybillDialog';

const icons: Record<OrderAction, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  edit: IconEdit,
  send: IconSend,
  confirm: IconCheck,
  pick: IconPackage,
  ship: IconTruckLoading,
  arrive: IconTruckDelivery,
  receive: IconClipboardCheck,
  disagree: IconAlertTriangle,
  startSorting: IconArrowsShuffle,
  sort: IconArrowsShuffle,
  sendSorted: IconSend,
  accept: IconCheck,
  agree: IconCheck,
  disputeSorted: IconAlertTriangle,
  resolve: IconScale,
  cancel: IconX,
  delete: IconTrash,
};

/** Steps that run without a dialog (a draft with customs asks first). */
const immediate: OrderAction[] = ['confirm', 'startSorting', 'arrive'];

/** The action buttons of one order and their dialogs; `onDeleted` runs after its draft was deleted. */
export function OrderActions({ order, onDeleted }: { order: Order; onDeleted: () => void }) {
  const { t, i18n } = useTranslation(['orders', 'messages']);
  const { locationId, isProvider } = useCurrentLocation();
  const step = useOrderStep();
  const [open, setOpen] = useState<OrderAction | 'customs' | null>(null);
  const [running, setRunning] = useState<OrderAction | null>(null);
  const actions = availableActions(order, { locationId, isProvider });
  if (actions.length === 0) return null;

  const close = () => setOpen(null);
  const number = (value: number) => formatNumber(value, i18n.language);
  const sentTotal = order.transactions.reduce((sum, line) => sum + (line.quantityOrdered > 0 ? sentQuantity(line) : 0), 0);
  const sortedTotal = order.transactions.reduce((sum, line) => sum + (line.quantityDelivered ?? 0), 0);
  const shortage = hasShortage(sentTotal, sortedTotal);

  /** Runs a step without a dialog; `version` is the order's after the customs answer changed it. */
  const runNow = async (action: OrderAction, version = order.version) => {
    setRunning(action);
    const base = { id: order.id, version };
    if (action === 'arrive') await step.arrive(base);
    else if (action === 'confirm') await step.run({ ...base, transactionStatusId: TransactionStatus.Confirmed });
    else if (action === 'startSorting') await step.run({ ...base, transactionStatusId: TransactionStatus.Treatment });
    else if (action === 'send') await step.run({ ...base, transactionStatusId: initialStatus(order.transactionTypeId, false) });
    setRunning(null);
  };

  const onClick = (action: OrderAction) => {
    if (action === 'send' && needsCustoms(order) && initialStatus(order.transactionTypeId, false) === TransactionStatus.Sent)
      setOpen('customs');
    else if (action === 'send' || immediate.includes(action)) void runNow(action);
    else setOpen(action);
  };

  const danger = (action: OrderAction) => action === 'cancel' || action === 'disagree' || action === 'disputeSorted' || action === 'delete';
  const primary = actions.find((action) => !danger(action) && action !== 'edit');

  return (
    <Group gap="sm" justify="flex-end">
      {actions.map((action) => {
        const Icon = icons[action];
        return (
          <Button
            key={action}
            variant={danger(action) ? 'outline' : action === primary ? 'filled' : 'default'}
            color={danger(action) ? 'red.9' : undefined}
            leftSection={<Icon size={16} aria-hidden />}
            loading={running === action}
            disabled={running !== null && running !== action}
            onClick={() => onClick(action)}
          >
            {t(`actions.${action}`)}
          </Button>
        );
      })}

      {open === 'edit' && (
        <OrderDialog
          opened
          onClose={close}
          kind={kindOf(order.transactionTypeId)}
          locationId={(kindOf(order.transactionTypeId) === 'purchase' ? order.locationIdTo : order.locationIdFrom) ?? 0}
          order={order}
        />
      )}
      {open === 'customs' && (
        <CustomsDialog
          opened
          order={order}
          onClose={close}
          onConfirm={(updated) => {
            close();
            void runNow('send', updated.version);
          }}
        />
      )}
      {open === 'delete' && (
        <DeleteDraftsDialog opened ids={[order.id]} onClose={close} onDone={(results) => results[0]?.ok && onDeleted()} />
      )}
      {open === 'pick' && <PickDialog opened order={order} onClose={close} />}
      {open === 'ship' && <WaybillDialog opened order={order} onClose={close} />}
      {(open === 'receive' || open === 'disagree' || open === 'resolve') && (
        <CountedDialog opened order={order} mode={open} onClose={close} />
      )}
      {open === 'sort' && <SortDialog opened order={order} onClose={close} />}
      {open === 'sendSorted' && (
        <ConfirmStepDialog
          opened
          order={order}
          onClose={close}
          title={t('steps.sendSorted.title', { id: order.id })}
          text={
            <Text size="sm">
              {t('steps.sendSorted.totals', { sorted: number(sortedTotal), sent: number(sentTotal) })}{' '}
              {shortage ? t('steps.sendSorted.shortage', { missing: number(sentTotal - sortedTotal) }) : t('steps.sendSorted.noShortage')}
            </Text>
          }
          submitLabel={shortage ? t('steps.sendSorted.submitShortage') : t('steps.sendSorted.submit')}
          transactionStatusId={shortage ? TransactionStatus.WaitForAgreement : TransactionStatus.WaitForAccept}
        />
      )}
      {open === 'accept' && (
        <ConfirmStepDialog
          opened
          order={order}
          onClose={close}
          title={t('steps.accept.title', { id: order.id })}
          text={t('steps.accept.text', { sorted: number(sortedTotal), sent: number(sentTotal) })}
          submitLabel={t('actions.accept')}
          transactionStatusId={TransactionStatus.Received}
        />
      )}
      {open === 'agree' && (
        <ConfirmStepDialog
          opened
          order={order}
          onClose={close}
          title={t('steps.agree.title', { id: order.id })}
          text={t('steps.agree.text', {
            sorted: number(sortedTotal),
            sent: number(sentTotal),
            missing: number(Math.max(0, sentTotal - sortedTotal)),
          })}
          submitLabel={t('actions.agree')}
          transactionStatusId={TransactionStatus.Received}
        />
      )}
      {open === 'disputeSorted' && (
        <ConfirmStepDialog
          opened
          order={order}
          onClose={close}
          title={t('steps.disputeSorted.title', { id: order.id })}
          text={t('steps.disputeSorted.text')}
          submitLabel={t('actions.disputeSorted')}
          transactionStatusId={TransactionStatus.NotAgreed}
          comment="required"
          commentLabel={t('steps.counted.why')}
          danger
        />
      )}
      {open === 'cancel' && (
        <ConfirmStepDialog
          opened
          order={order}
          onClose={close}
          title={t('detail.cancelTitle', { id: order.id })}
          text={t('detail.cancelQuestion')}
          submitLabel={t('detail.cancelOrder')}
          transactionStatusId={TransactionStatus.Cancelled}
          comment="optional"
          cancelLabel={t('detail.keepOrder')}
          danger
        />
      )}
    </Group>
  );
}
