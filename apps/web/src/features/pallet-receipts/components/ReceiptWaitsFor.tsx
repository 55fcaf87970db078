/**
 * What a receipt waits for before it is booked (issue 20; docs/pallet-receipts.md, "Parties and
 * consent", "Provider approval"): the provider's approval (with why), or its counterparty's
 * confirmation (with the last day to object, once told). Nothing for any other state.
 */
import { Alert } from '@mantine/core';
import type { PalletReceipt } from '@portal/domain';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';

/** The note, or nothing. */
export function ReceiptWaitsFor({
  receipt,
}: {
  receipt: Pick<PalletReceipt, 'status' | 'needsConsent' | 'approvalReasons' | 'counterparty' | 'dueDate'>;
}) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const name = receipt.counterparty?.name ?? '';
  if (receipt.status === 'approval')
    return (
      <Alert color="violet" icon={<IconHourglass size={18} aria-hidden />} title={t('waits.approvalTitle')}>
        {t('waits.approvalText', { reasons: receipt.approvalReasons.map((r) => t(`approvalReasons.${r}`)).join(', ') })}
      </Alert>
    );
  if (receipt.status === 'open' && receipt.needsConsent)
    return (
      <Alert color="blue" icon={<IconHourglass size={18} aria-hidden />} title={t('waits.consentTitle', { name })}>
        {receipt.dueDate
          ? t('waits.consentText', { name, date: format.plainDate(receipt.dueDate, { dateStyle: 'medium' }) })
          : t('waits.consentUntold', { name })}
      </Alert>
    );
  return null;
}
