/**
 * Dispute a final receipt (POST PalletReceiptDisputes; issue 20): a user of either side says why
 * and, per product of the receipt, the carriers it should be, starting from those in force. The
 * receipt itself never changes; provider staff decide and a correction is booked as a posting.
 * Shown while `actions.dispute` says so (final, within 30 days of its booking day, no dispute open).
 */
import { Button, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import type { PalletReceipt } from '@portal/domain';
import { IconMessageReport } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useDisputePalletReceipt } from '../api/pallet-receipts';
import { linesInForce } from '../lib/in-force';
import { type Errors, fieldErrors, newIdempotencyKey } from '../lib/save-receipt';
import { QuantityStepper } from './QuantityStepper';

/** The form; see the file comment. */
export function DisputeForm({ receipt }: { receipt: PalletReceipt }) {
  const { t } = useTranslation('palletReceipts');
  const titleId = useId();
  const dispute = useDisputePalletReceipt();
  const inForce = linesInForce(receipt);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState(() => inForce.map((l) => ({ ...l })));
  const [errors, setErrors] = useState<Errors>({});
  const change = (index: number, field: 'delivered' | 'returned', value: number | null) => {
    setLines((current) => current.map((line, i) => (i === index ? { ...line, [field]: value ?? 0 } : line)));
    setErrors(({ lines: _unchanged, ...rest }) => rest);
  };
  const unchanged = lines.every((l, i) => l.delivered === inForce[i]?.delivered && l.returned === inForce[i]?.returned);
  const submit = async () => {
    const found: Errors = {};
    if (!reason.trim()) found.reason = t('form.required');
    if (unchanged) found.lines = t('dispute.noChange');
    setErrors(found);
    if (Object.keys(found).length) return;
    // Only the products it changes are sent; the server's line numbers are theirs.
    const changed = lines.flatMap((l, i) => (l.delivered !== inForce[i]?.delivered || l.returned !== inForce[i]?.returned ? [i] : []));
    try {
      await dispute.mutateAsync({
        receiptId: receipt.id,
        reason: reason.trim(),
        idempotencyKey,
        lines: changed.map((i) => {
          const { productId, delivered, returned } = lines[i] as (typeof lines)[number];
          return { productId, delivered, returned };
        }),
      });
      notifySuccess(t('dispute.sent'));
    } catch (error) {
      const mapped: Errors = {};
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        const line = /^(\d+)\.(\w+)$/.exec(key);
        mapped[line ? `${changed[Number(line[1])]}.${line[2]}` : key] = message;
      }
      setErrors(mapped);
      notifyError(t('dispute.failed'), (error as Error).message);
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('dispute.title')}
        </Title>
        <Text size="sm">{t('dispute.intro')}</Text>
        {lines.map((line, index) => (
          <Stack key={line.productId} gap={4} component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Text component="legend" size="sm" fw={600}>
              {line.productName}
            </Text>
            <Stack gap="xs" style={{ flexFlow: 'row wrap' }}>
              <QuantityStepper
                label={t('lines.delivered')}
                accessibleLabel={t('lines.deliveredOf', { name: line.productName })}
                value={line.delivered}
                onChange={(value) => change(index, 'delivered', value)}
                error={errors[`${index}.delivered`]}
              />
              <QuantityStepper
                label={t('lines.returned')}
                accessibleLabel={t('lines.returnedOf', { name: line.productName })}
                value={line.returned}
                onChange={(value) => change(index, 'returned', value)}
                error={errors[`${index}.returned`]}
              />
            </Stack>
          </Stack>
        ))}
        {errors.lines && (
          <Text size="sm" c="var(--portal-text-danger)" role="alert">
            {errors.lines}
          </Text>
        )}
        <Textarea
          label={t('dispute.reason')}
          size="md"
          autosize
          minRows={2}
          maxLength={1000}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={errors.reason}
        />
        <Button
          size="md"
          w="fit-content"
          leftSection={<IconMessageReport size={18} aria-hidden />}
          loading={dispute.isPending}
          onClick={() => void submit()}
        >
          {t('dispute.send')}
        </Button>
      </Stack>
    </Paper>
  );
}
