/**
 * "Open PDF" of a receipt (GET PalletReceipts/{id}/document, in the user's language): opens it in
 * a new tab opened by the click itself (lib/pdf-tab.ts, as the waybill), or downloads it when the
 * browser blocks the tab; a failure shows the server's reason.
 */
import { Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify';
import { openPdfTab } from '../../../lib/pdf-tab';
import { showPalletReceiptDocument } from '../api/pallet-receipts';

/** The button. */
export function ReceiptPdfButton({ receipt }: { receipt: { id: number; receiptNumber: string } }) {
  const { t } = useTranslation('palletReceipts');
  const [loading, setLoading] = useState(false);
  const open = async () => {
    const tab = openPdfTab(t('pdf.tabTitle', { number: receipt.receiptNumber }), t('pdf.opening'));
    setLoading(true);
    try {
      await showPalletReceiptDocument(receipt, tab);
    } catch (error) {
      notifyError(t('pdf.failed'), (error as Error).message);
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      size="md"
      variant="default"
      leftSection={<IconFileTypePdf size={18} aria-hidden />}
      loading={loading}
      onClick={() => void open()}
    >
      {t('pdf.open')}
    </Button>
  );
}
