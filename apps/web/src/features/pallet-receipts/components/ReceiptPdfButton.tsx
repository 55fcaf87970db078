/**
 * "Open PDF" of a receipt (GET PalletReceipts/{id}/document, in the user's language), through the
 * shared PDF button (components/pdf-button): a new tab, or a download when the browser blocks it.
 */
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PdfButton } from '../../../components/pdf-button/pdf-button';
import { showPalletReceiptDocument } from '../api/pallet-receipts';

/** The button. */
export function ReceiptPdfButton({ receipt }: { receipt: { id: number; receiptNumber: string } }) {
  const { t } = useTranslation('palletReceipts');
  return (
    <PdfButton
      size="md"
      variant="default"
      icon={<IconFileTypePdf size={18} aria-hidden />}
      label={t('pdf.open')}
      tabTitle={t('pdf.tabTitle', { number: receipt.receiptNumber })}
      opening={t('pdf.opening')}
      failed={t('pdf.failed')}
      show={(tab) => showPalletReceiptDocument(receipt, tab)}
    />
  );
}
