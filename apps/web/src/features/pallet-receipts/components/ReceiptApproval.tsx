/**
 * Provider staff approve or void a receipt that waits for their approval (POST
 * PalletReceiptApproval; issue 20): approved, it opens and its counterparty is told now; void, it
 * never posts. A comment says why (required). Shown while `actions.approve` says so.
 */
import type { PalletReceipt } from '@portal/domain';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useApprovePalletReceipt } from '../api/pallet-receipts';
import { DecisionCard } from './DecisionCard';

/** The approval card. */
export function ReceiptApproval({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const approve = useApprovePalletReceipt();
  const run = (approveIt: boolean) => (comment: string) => approve.mutateAsync({ id: receipt.id, approve: approveIt, comment });
  return (
    <DecisionCard
      title={t('approval.title')}
      intro={t('approval.intro', { reasons: receipt.approvalReasons.map((r) => t(`approvalReasons.${r}`)).join(', ') })}
      commentLabel={t('decision.comment')}
      failed={t('decision.failed')}
      choices={[
        { label: t('approval.approve'), icon: <IconCheck size={18} aria-hidden />, run: run(true), done: t('approval.approved') },
        { label: t('decision.void'), icon: <IconBan size={18} aria-hidden />, run: run(false), done: t('decision.madeVoid') },
      ]}
    />
  );
}
