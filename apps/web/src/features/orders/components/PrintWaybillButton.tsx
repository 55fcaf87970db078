/**
 * "Print waybill" on the order page (issue 3): opens the order's waybill PDF in a new tab, or
 * downloads it when the browser blocks the tab. Shown from status 3 Picked on (`hasWaybill`);
 * a refusal (a line without picked quantity, spec section 5) shows the server's translated reason.
 */
import { Button, VisuallyHidden } from '@mantine/core';
import { hasWaybill } from '@portal/domain';
import { IconPrinter } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPdfTab } from '../../../lib/pdf-tab';
import { showWaybill } from '../api/get-waybill';
import { notifyError } from '../lib/notify';

/** The button, or nothing when the order has no waybill yet. */
export function PrintWaybillButton({ order }: { order: { id: number; transactionStatusId: number } }) {
  const { t } = useTranslation('orders');
  const [loading, setLoading] = useState(false);
  const hintId = useId();
  if (!hasWaybill(order.transactionStatusId)) return null;

  const print = async () => {
    // The tab is opened by the click itself: a tab opened after the download would be blocked.
    const tab = openPdfTab(t('waybill.title', { id: order.id }), t('waybill.opening'));
    setLoading(true);
    try {
      await showWaybill(order.id, tab);
    } catch (error) {
      notifyError(t('waybill.failed'), (error as Error).message);
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        loading={loading}
        onClick={() => void print()}
        aria-describedby={hintId}
      >
        {t('waybill.print')}
      </Button>
      <VisuallyHidden id={hintId}>{t('waybill.hint')}</VisuallyHidden>
    </>
  );
}
