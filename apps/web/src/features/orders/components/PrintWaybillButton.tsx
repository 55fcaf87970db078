/**
 * "Print waybill" on the order page (issue 3): the order's waybill PDF through the shared PDF
 * button (components/pdf-button): a new tab, or a download when the browser blocks it. Shown from
 * status 3 Picked on (`hasWaybill`); a refusal (a line without picked quantity, spec section 5)
 * shows the server's translated reason.
 */
import { hasWaybill } from '@portal/domain';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../../components/pdf-button/pdf-button';
import { showWaybill } from '../api/get-waybill';

/** The button, or nothing when the order has no waybill yet. */
export function PrintWaybillButton({ order }: { order: { id: number; transactionStatusId: number } }) {
  const { t } = useTranslation('orders');
  if (!hasWaybill(order.transactionStatusId)) return null;
  return (
    <PdfButton
      variant="default"
      icon={<IconPrinter size={16} aria-hidden />}
      label={t('waybill.print')}
      hint={t('waybill.hint')}
      tabTitle={t('waybill.title', { id: order.id })}
      opening={t('waybill.opening')}
      failed={t('waybill.failed')}
      show={(tab) => showWaybill(order.id, tab)}
    />
  );
}
