/**
 * Provider staff decide a disputed receipt (POST PalletReceiptDecision): final (it posts, as
 * written) or void (it posts nothing), with a comment saying why (required). Shown only to provider
 * staff and only while the receipt is disputed; the server checks both again.
 */
import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { PalletReceipt } from '@portal/domain';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDecidePalletReceipt } from '../api/pallet-receipts';

/** The decision card. */
export function ReceiptDecision({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const decide = useDecidePalletReceipt();
  const [comment, setComment] = useState('');
  const [choice, setChoice] = useState<boolean | null>(null);
  const [error, setError] = useState<string | undefined>();
  const run = async (final: boolean) => {
    setChoice(final);
    setError(comment.trim() ? undefined : t('form.required'));
    if (!comment.trim()) return;
    try {
      await decide.mutateAsync({ id: receipt.id, final, comment: comment.trim() });
      notifySuccess(final ? t('decision.madeFinal') : t('decision.madeVoid'));
    } catch (error) {
      notifyError(t('decision.failed'), (error as Error).message);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="receipt-decision-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="receipt-decision-title">
          {t('decision.title')}
        </Title>
        <Text size="sm">{t('decision.intro')}</Text>
        <Textarea
          label={t('decision.comment')}
          size="md"
          autosize
          minRows={2}
          maxLength={1000}
          required
          value={comment}
          onChange={(event) => setComment(event.currentTarget.value)}
          error={error}
        />
        <Group gap="sm">
          <Button
            size="md"
            leftSection={<IconCheck size={18} aria-hidden />}
            loading={decide.isPending && choice === true}
            disabled={decide.isPending}
            onClick={() => void run(true)}
          >
            {t('decision.final')}
          </Button>
          <Button
            size="md"
            variant="default"
            leftSection={<IconBan size={18} aria-hidden />}
            loading={decide.isPending && choice === false}
            disabled={decide.isPending}
            onClick={() => void run(false)}
          >
            {t('decision.void')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
