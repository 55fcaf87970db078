/**
 * The counterparty's answer in its own session (POST PalletReceiptConfirmation; issue 20): a user
 * of the receipt's counterparty confirms it (it is booked now) or objects, saying what is wrong
 * (the provider decides). Shown while `actions.confirm` says so: open, told, within the window.
 */
import type { PalletReceipt } from '@portal/domain';
import { IconCheck, IconMessageReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useConfirmPalletReceipt } from '../api/pallet-receipts';
import { DecisionCard } from './DecisionCard';

/** The answer card. */
export function ReceiptConfirmation({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const confirm = useConfirmPalletReceipt();
  const date = receipt.dueDate ? format.plainDate(receipt.dueDate, { dateStyle: 'medium' }) : '';
  return (
    <DecisionCard
      title={t('confirmation.title', { name: receipt.counterparty?.name ?? '' })}
      intro={t('confirmation.intro', { date })}
      commentLabel={t('confirmation.objection')}
      failed={t('confirmation.failed')}
      optional
      choices={[
        {
          label: t('confirmation.confirm'),
          icon: <IconCheck size={18} aria-hidden />,
          run: () => confirm.mutateAsync({ id: receipt.id, confirm: true }),
          done: t('confirmation.confirmed'),
        },
        {
          label: t('confirmation.object'),
          icon: <IconMessageReport size={18} aria-hidden />,
          run: (objection) => confirm.mutateAsync({ id: receipt.id, confirm: false, objection }),
          done: t('confirmation.objected'),
        },
      ]}
    />
  );
}
