/**
 * Runs one status step of an order and tells the user how it went (spec section 8): a toast
 * "Order {id}: {status}" on success, one toast per warning of the step (picked more than 20 %
 * from ordered, a line removed), and on failure "Could not set order status" with the server's
 * reason in the user's language. Field errors of the step (the line a quantity belongs to) are
 * handed back for the dialog to show.
 */

import { notifications } from '@mantine/notifications';
import type { SetOrderStatusRequest } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api';
import { type SteppedOrder, useArriveOrder, useSetOrderStatus } from '../../api/set-order-status';
import { notifyError, notifySuccess, TOAST_MS } from '../../lib/notify';
import { stripStatusPrefix } from '../../lib/status';

/** What a step answered: the order, or the failure's message and field errors. */
export type StepOutcome = { ok: true; order: SteppedOrder } | { ok: false; message: string; fields: Record<string, string> };

/** The status step and the arrival registration, with their notifications. */
export function useOrderStep() {
  const { t } = useTranslation(['orders', 'messages']);
  const setStatus = useSetOrderStatus();
  const arrive = useArriveOrder();
  const prefix = t('errors.ORDER_STATUS', { ns: 'messages', reason: '' });

  const report = async (call: () => Promise<SteppedOrder>): Promise<StepOutcome> => {
    try {
      const order = await call();
      notifySuccess(t('detail.statusChanged', { id: order.id, status: t(`status.${order.transactionStatusId}`, { ns: 'messages' }) }));
      for (const warning of order.warnings ?? []) {
        notifications.show({
          color: 'yellow',
          title: t('steps.warningTitle'),
          message: warning.message,
          autoClose: TOAST_MS,
          withCloseButton: true,
        });
      }
      return { ok: true, order };
    } catch (error) {
      const message = stripStatusPrefix((error as Error).message, prefix);
      notifyError(t('detail.statusFailed'), message);
      return { ok: false, message, fields: error instanceof ApiError ? error.fields : {} };
    }
  };

  return {
    run: (request: SetOrderStatusRequest) => report(() => setStatus.mutateAsync(request)),
    arrive: (request: { id: number; version?: number }) => report(() => arrive.mutateAsync(request)),
    pending: setStatus.isPending || arrive.isPending,
  };
}
