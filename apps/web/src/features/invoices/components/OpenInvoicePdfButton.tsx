/**
 * "Open PDF" on the invoice page: the invoice as an A4 PDF in the user's language, through the
 * shared PDF button (components/pdf-button): a new tab, or a download when the browser blocks it;
 * the hint says what it does.
 */
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../../components/pdf-button/pdf-button';
import { showInvoiceDocument } from '../api/invoices';

/** The button. */
export function OpenInvoicePdfButton({ invoice }: { invoice: { id: number; invoiceNumber: string } }) {
  const { t } = useTranslation('invoices');
  return (
    <PdfButton
      icon={<IconFileTypePdf size={18} aria-hidden />}
      label={t('pdf.open')}
      hint={t('pdf.hint')}
      tabTitle={t('pdf.tabTitle', { number: invoice.invoiceNumber })}
      opening={t('pdf.opening')}
      failed={t('pdf.failed')}
      show={(tab) => showInvoiceDocument(invoice, tab)}
    />
  );
}
