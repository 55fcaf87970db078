/**
 * "Open PDF" on the invoice page: opens the invoice as an A4 PDF in the user's language in a new
 * tab, or downloads it when the browser blocks the tab. A real button, so it is reached and
 * pressed with the keyboard; the hint says what it does.
 */
import { Button, VisuallyHidden } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openPdfTab } from '../../../lib/pdf-tab';
import { notifyError } from '../../orders/lib/notify';
import { showInvoiceDocument } from '../api/invoices';

export function OpenInvoicePdfButton({ invoice }: { invoice: { id: number; invoiceNumber: string } }) {
  const { t } = useTranslation('invoices');
  const [loading, setLoading] = useState(false);
  const hintId = useId();
  const open = async () => {
    // The tab is opened by the click itself: one opened after the download would be blocked.
    const tab = openPdfTab(t('pdf.tabTitle', { number: invoice.invoiceNumber }), t('pdf.opening'));
    setLoading(true);
    try {
      await showInvoiceDocument(invoice, tab);
    } catch (error) {
      notifyError(t('pdf.failed'), (error as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Button
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        loading={loading}
        onClick={() => void open()}
        aria-describedby={hintId}
      >
        {t('pdf.open')}
      </Button>
      <VisuallyHidden id={hintId}>{t('pdf.hint')}</VisuallyHidden>
    </>
  );
}
