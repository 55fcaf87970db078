/**
 * Provider staff decide a disputed receipt (POST PalletReceiptDecision): final (it posts, as
 * written) or void (it posts nothing), with a comment saying why (required). Shown while the
 * receipt's `actions.decide` says so; the server checks again.
 */
import type { PalletReceipt } from '@portal/domain';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDecidePalletReceipt } from '../api/pallet-receipts';
import { DecisionCard } from './DecisionCard';

/** The decision card. */
export function ReceiptDecision({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const decide = useDecidePalletReceipt();
  const run = (final: boolean) => (comment: string) => decide.mutateAsync({ id: receipt.id, final, comment });
  return (
    <DecisionCard
      title={t('decision.title')}
      intro={t('decision.intro')}
      commentLabel={t('decision.comment')}
      failed={t('decision.failed')}
      choices={[
        { label: t('decision.final'), icon: <IconCheck size={18} aria-hidden />, run: run(true), done: t('decision.madeFinal') },
        { label: t('decision.void'), icon: <IconBan size={18} aria-hidden />, run: run(false), done: t('decision.madeVoid') },
      ]}
    />
  );
}
