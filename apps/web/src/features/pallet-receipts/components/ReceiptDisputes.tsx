/**
 * The disputes of a final receipt on its page (issue 20; docs/pallet-receipts.md, "Disputes of a
 * final receipt"): each with its side, who raised it when, why, per product the carriers in force
 * then and what they should be, and the provider's decision; the form to dispute it
 * (`actions.dispute`), and for provider staff the decision of the open one (`actions.decideDispute`:
 * correct, which books the difference, or reject).
 */
import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { PalletReceipt, PalletReceiptDispute } from '@portal/domain';
import { IconBan, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useDecideReceiptDispute } from '../api/pallet-receipts';
import { DecisionCard } from './DecisionCard';
import { DisputeForm } from './DisputeForm';

const statusColor: Record<PalletReceiptDispute['status'], string> = { open: 'orange', rejected: 'gray', corrected: 'green' };

function DisputeItem({ receipt, dispute }: { receipt: PalletReceipt; dispute: PalletReceiptDispute }) {
  const { t } = useTranslation('palletReceipts');
  const format = useFormat();
  const time = (value: string) => format.dateTime(value, { dateStyle: 'medium', timeStyle: 'short' });
  const side = dispute.side === 'location' ? receipt.location.name : (receipt.counterparty?.name ?? '');
  return (
    <Paper withBorder radius="sm" p="sm" component="li">
      <Stack gap={4}>
        <Group gap="xs" justify="space-between">
          <Text size="sm" fw={600}>
            {t('dispute.raised', { side, name: dispute.raisedBy, time: time(dispute.raisedAt) })}
          </Text>
          <Badge
            variant="light"
            color={statusColor[dispute.status]}
            radius="sm"
            tt="none"
            styles={{ label: { color: 'var(--mantine-color-dark-7)' } }}
          >
            {t(`dispute.status.${dispute.status}`)}
          </Badge>
        </Group>
        <Text size="sm">{dispute.reason}</Text>
        <List size="sm" spacing={2}>
          {dispute.lines.map((line) => (
            <List.Item key={line.productId}>
              {t('dispute.line', {
                product: line.productName,
                was: t('log.quantities', { delivered: format.number(line.wasDelivered), returned: format.number(line.wasReturned) }),
                should: t('log.quantities', { delivered: format.number(line.delivered), returned: format.number(line.returned) }),
              })}
            </List.Item>
          ))}
        </List>
        {dispute.decidedAt && (
          <Text size="sm" c="gray.8">
            {t('dispute.decided', { name: dispute.decidedBy ?? '', time: time(dispute.decidedAt), comment: dispute.decisionComment ?? '' })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The section, or nothing when there is nothing to show or do. */
export function ReceiptDisputes({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const decide = useDecideReceiptDispute();
  const open = receipt.disputes.find((d) => d.status === 'open');
  if (receipt.disputes.length === 0 && !receipt.actions.dispute) return null;
  const run = (correct: boolean) => (comment: string) => decide.mutateAsync({ id: open?.id ?? 0, correct, comment });
  return (
    <Stack gap="md">
      {receipt.disputes.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="receipt-disputes-title">
          <Title order={2} size="h4" id="receipt-disputes-title">
            {t('dispute.listTitle')}
          </Title>
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {receipt.disputes.map((dispute) => (
              <DisputeItem key={dispute.id} receipt={receipt} dispute={dispute} />
            ))}
          </Stack>
        </Stack>
      )}
      {open && receipt.actions.decideDispute && (
        <DecisionCard
          title={t('dispute.decideTitle')}
          intro={t('dispute.decideIntro')}
          commentLabel={t('decision.comment')}
          failed={t('decision.failed')}
          choices={[
            { label: t('dispute.correct'), icon: <IconCheck size={18} aria-hidden />, run: run(true), done: t('dispute.corrected') },
            { label: t('dispute.reject'), icon: <IconBan size={18} aria-hidden />, run: run(false), done: t('dispute.rejected') },
          ]}
        />
      )}
      {receipt.actions.dispute && <DisputeForm receipt={receipt} />}
    </Stack>
  );
}
